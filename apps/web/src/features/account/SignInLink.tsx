'use client';

import Link from 'next/link';
import type { ComponentProps } from 'react';
import { SIGN_IN_PATH, rememberCurrentLocation } from './return-path';

export type SignInLinkProps = Omit<ComponentProps<typeof Link>, 'href'>;

/** A link to `/sign_in` that first remembers the current address, to return there after login. */
export function SignInLink({ onClick, ...props }: SignInLinkProps) {
  return (
    <Link
      {...props}
      href={SIGN_IN_PATH}
      onClick={(event) => {
        rememberCurrentLocation();
        onClick?.(event);
      }}
    />
  );
}
