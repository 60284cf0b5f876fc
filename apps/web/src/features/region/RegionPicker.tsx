'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useState, useTransition, type ChangeEvent } from 'react';
import type { Region } from '@kedai/contract';
import { useAppDispatch } from '../../store/hooks';
import { regionPicked } from './region-slice';
import { regionCookie } from './country';

export interface RegionPickerProps {
  /** The enabled regions (`GET /region/enabled`), in display order. */
  regions: Region[];
  /** Key of the region the page is shown in (from `currentRegion()`). */
  current: string;
  /** Label text; visually hidden unless `showLabel`. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

/**
 * The country/region picker of the header: a labelled `<select>`. A choice is kept in the
 * `kedai_region` cookie (a year, SameSite=Lax) that `currentRegion()` reads on the server,
 * recorded in the region state (`lastChosenRegion`; for a signed-in user also saved as the preferred
 * country, `POST /region/prefer`), and the page is re-rendered with its prices.
 */
export function RegionPicker({ regions, current, label = 'Region', showLabel = false, className }: RegionPickerProps) {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const [pending, startTransition] = useTransition();
  // Shows the choice at once; follows the server's answer once the page has been re-rendered.
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);

  if (regions.length === 0) return null;

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const key = event.target.value;
    setValue(key);
    document.cookie = regionCookie(key, window.location.protocol === 'https:');
    const region = regions.find((r) => r.key === key);
    if (region) void dispatch(regionPicked(region));
    startTransition(() => router.refresh());
  }

  return (
    <div className={className ? `region-picker ${className}` : 'region-picker'}>
      <label htmlFor={id} className={showLabel ? 'region-picker__label' : 'visually-hidden'}>
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} aria-busy={pending || undefined}>
        {regions.map((region) => (
          <option key={region.key} value={region.key}>
            {region.name} ({region.currency})
          </option>
        ))}
      </select>
    </div>
  );
}
