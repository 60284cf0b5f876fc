'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { popupClicked, popupShown } from '../analytics/analytics';
import styles from './home.module.css';
import { isSiteHref } from './links';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogPopup {
  id: string;
  name: string;
  /** A safe href (see `safeContentHref`) or null. */
  href: string | null;
  /** Image URL on the assets host, or null. */
  image: string | null;
}

/**
 * The home popup as a modal dialog, opened as soon as it is mounted (`HomePopups` decides whether
 * and when, and loads this module only then). Focus stays inside while it is open, Escape or
 * "Close" closes it and focus returns to where it was. Reports popup shown when it opens and popup
 * clicked when its link is followed.
 */
export function HomePopupDialog({ popup: shown }: { popup: DialogPopup }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Null once closed: the content goes, the empty (closed) dialog element stays.
  const [popup, setPopup] = useState<DialogPopup | null>(shown);

  useEffect(() => {
    const element = dialog.current;
    if (!popup || !element || element.open) return;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    popupShown({ id: popup.id, name: popup.name });
  }, [popup]);

  function close() {
    dialog.current?.close();
  }

  function onClose() {
    setPopup(null);
    const target = returnFocus.current;
    if (target && target.isConnected) target.focus();
  }

  /** Tab and Shift+Tab wrap around inside the dialog instead of leaving it. */
  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== 'Tab') return;
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  /** A click on the backdrop (the dialog element itself, outside its content) closes it. */
  function onClick(event: MouseEvent<HTMLDialogElement>) {
    if (event.target === event.currentTarget) close();
  }

  function follow() {
    if (!popup) return;
    popupClicked({ id: popup.id, name: popup.name, link: popup.href });
    close();
  }

  return (
    // A dialog is interactive; the plugin does not know <dialog>'s own role takes key events.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className={styles.popup}
      aria-labelledby="home-popup-title"
      onClose={onClose}
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      {popup ? (
        <div className={styles.popupBody}>
          <button type="button" className={styles.popupClose} onClick={close} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
          {popup.image ? <img className={styles.popupImage} src={popup.image} alt="" width={160} height={160} /> : null}
          <h2 id="home-popup-title" className={styles.popupTitle}>
            {popup.name}
          </h2>
          <p className={styles.popupActions}>
            {popup.href ? (
              isSiteHref(popup.href) ? (
                <Link href={popup.href} className="button button--primary" onClick={follow}>
                  Take a look
                </Link>
              ) : (
                <a href={popup.href} className="button button--primary" onClick={follow}>
                  Take a look
                </a>
              )
            ) : null}
            <button type="button" className="button button--secondary" onClick={close}>
              {popup.href ? 'Not now' : 'Close'}
            </button>
          </p>
        </div>
      ) : null}
    </dialog>
  );
}
