'use client';

import { useSearchParams } from 'next/navigation';
import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Product } from '@kedai/contract';
import { selectionFromPath, type Selection } from './variants';

interface VariantSelectionValue {
  selection: Selection;
  setSelection: (selection: Selection) => void;
}

const VariantSelectionContext = createContext<VariantSelectionValue | null>(null);

/**
 * The options the shopper has chosen on the product page, shared by the variant picker (which
 * changes them) and the gallery (which shows the chosen colour's picture), even before every
 * variant is chosen. Starts from the address (`?v=`), which wins over the rendered path: after
 * history.replaceState and Back, the page may be restored from the router cache.
 */
export function VariantSelectionProvider({
  variants,
  initialPath,
  children,
}: {
  variants: Product['variants'];
  initialPath: string | null;
  children: ReactNode;
}) {
  const searchParams = useSearchParams();
  const [selection, setSelection] = useState(() => selectionFromPath(variants, searchParams.get('v') ?? initialPath));
  return <VariantSelectionContext value={{ selection, setSelection }}>{children}</VariantSelectionContext>;
}

/** The shared selection; null outside a product page. */
export function useVariantSelection(): VariantSelectionValue | null {
  return useContext(VariantSelectionContext);
}
