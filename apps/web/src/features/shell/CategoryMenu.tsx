'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { categoryHref } from '../catalogue/links';
import type { MenuGroup } from './category-tree';

export interface CategoryMenuProps {
  groups: MenuGroup[];
}

/**
 * The category menu of the header (WAI-ARIA APG disclosure navigation): a "Categories" button
 * that shows every top-level category with its subcategories. The panel's links are rendered only
 * while it is open, so the initial HTML holds just the top-level categories (the row of links). Escape closes it and returns focus
 * to the button; it also closes when focus or a click goes elsewhere, and after a navigation.
 * Wide screens also show the top-level categories as a row of links.
 *
 * Before hydration (or without JavaScript) the button is a link to `/category`, the page listing
 * every category, so the menu never depends on scripts.
 */
export function CategoryMenu({ groups }: CategoryMenuProps) {
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();

  useEffect(() => setHydrated(true), []);
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function onBlur(event: FocusEvent<HTMLElement>) {
    const next = event.relatedTarget as Node | null;
    if (open && next && navRef.current && !navRef.current.contains(next)) setOpen(false);
  }

  if (groups.length === 0) return null;

  return (
    // Escape and focus leaving the menu are caught once for all its buttons and links (delegation).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <nav className="category-nav" aria-label="Categories" ref={navRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <div className="category-nav__row">
        {hydrated ? (
          <button
            ref={buttonRef}
            type="button"
            className="category-nav__toggle"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            <MenuIcon open={open} />
            Categories
          </button>
        ) : (
          <a href="/category" className="category-nav__toggle">
            <MenuIcon open={false} />
            Categories
          </a>
        )}
        <div id={panelId} className="category-nav__panel" hidden={!open}>
          {/* Rendered only while open: the closed menu adds no elements to the page (DOM size). */}
          {open ? <CategoryPanel groups={groups} /> : null}
        </div>
        <ul className="category-nav__bar" role="list">
          {groups.map((group) => (
            <li key={group.id}>
              <Link href={categoryHref(group.path)} aria-current={pathname === categoryHref(group.path) ? 'page' : undefined}>
                {group.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** The open menu: every top-level category with its subcategories, then the "all" links. */
function CategoryPanel({ groups }: CategoryMenuProps) {
  return (
    <>
      <ul className="category-nav__groups" role="list">
        {groups.map((group) => (
          <li key={group.id} className="category-nav__group">
            <Link href={categoryHref(group.path)} className="category-nav__top">
              {group.name}
            </Link>
            {group.children.length > 0 ? (
              <ul role="list" className="category-nav__children">
                {group.children.map((child) => (
                  <li key={child.id}>
                    <Link href={categoryHref(child.path)}>{child.name}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="category-nav__all">
        <Link href="/category">All categories</Link>
        {' · '}
        <Link href="/merchant">All merchants</Link>
      </p>
    </>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20" className="icon">
      {open ? (
        <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      ) : (
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      )}
    </svg>
  );
}
