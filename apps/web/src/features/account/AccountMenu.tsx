'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SignInLink } from './SignInLink';
import { signOut } from './user-slice';
import { ADDRESSES_PATH, ORDERS_PATH, PROFILE_PATH, SAVED_CARDS_PATH } from './paths';
import styles from './account.module.css';

/**
 * The header's account entry. Signed out (or not known yet): "Account", a link to sign in that
 * remembers this page. Signed in: the user's first name, opening a menu with Orders, Profile, Addresses, Saved cards and Sign out.
 */
export function AccountMenu({ icon }: { icon: ReactNode }) {
  const id = useId();
  const router = useRouter();
  const dispatch = useAppDispatch();
  const { signedIn, profile } = useAppSelector((state) => state.user);
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Close on Escape (focus back on the button) and on a click or focus outside.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onOutside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open]);

  if (!signedIn || !profile) {
    return (
      <SignInLink className="site-nav__link">
        {icon}
        <span className="site-nav__text">Account</span>
      </SignInLink>
    );
  }

  async function onSignOut() {
    setSigningOut(true);
    await dispatch(signOut({ navigate: (path) => router.push(path) }));
    setSigningOut(false);
    setOpen(false);
  }

  const menuId = `${id}-menu`;
  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`site-nav__link ${styles.menuButton}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {icon}
        <span className={`site-nav__text ${styles.menuName}`}>{profile.firstName}</span>
        <span className="visually-hidden">, account menu</span>
      </button>
      <ul id={menuId} className={styles.menuList} hidden={!open}>
        <li className={styles.menuNote}>
          Signed in as {profile.firstName} {profile.lastName}
        </li>
        <li>
          <Link href={ORDERS_PATH} className={styles.menuItem} onClick={() => setOpen(false)}>
            Orders
          </Link>
        </li>
        <li>
          <Link href={PROFILE_PATH} className={styles.menuItem} onClick={() => setOpen(false)}>
            Profile
          </Link>
        </li>
        <li>
          <Link href={ADDRESSES_PATH} className={styles.menuItem} onClick={() => setOpen(false)}>
            Addresses
          </Link>
        </li>
        <li>
          <Link href={SAVED_CARDS_PATH} className={styles.menuItem} onClick={() => setOpen(false)}>
            Saved cards
          </Link>
        </li>
        <li>
          <button type="button" className={styles.menuItem} onClick={onSignOut} disabled={signingOut} aria-busy={signingOut || undefined}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </li>
      </ul>
    </div>
  );
}
