'use client';

import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessageFor } from '@kedai/domain';
import { FormAlert } from '../../ui/Field';
import formStyles from '../../ui/form.module.css';
import pageStyles from '../../ui/page.module.css';
import { useAppSelector } from '../../store/hooks';
import { AddressCard } from './AddressCard';
import { AddressForm } from './AddressForm';
import {
  countryChoices,
  defaultCountry,
  deleteAddress,
  editAddressForm,
  loadAddressBook,
  makeMainAddress,
  newAddressForm,
  withSaved,
  type Address,
  type AddressBookData,
} from './address-book';
import styles from './addresses.module.css';

export type AddressBookLoad = { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'ready' } & AddressBookData);

type Editing = null | { kind: 'new' } | { kind: 'edit'; address: Address };
type Notice = null | { tone: 'success' | 'error'; text: string };

export interface AddressBookProps {
  /** What the book opens with (tests); by default it loads the addresses itself. */
  initial?: AddressBookLoad;
  /** The address book's size limit when already known. */
  initialLimit?: number | null;
}

/**
 * `/profile/addresses` (inside RequireSignIn): the signed-in user's addresses, each formatted by
 * its country's displayFormat, the main one marked and first; add, edit, delete (after a
 * confirmation), make main. The state is the component's own (the address book is not shared).
 */
export function AddressBook({ initial, initialLimit = null }: AddressBookProps) {
  const id = useId();
  const profile = useAppSelector((state) => state.user.profile);
  const preferred = useAppSelector((state) => state.region.preferredRegion);
  const regionCountries = useAppSelector((state) => state.region.defaultRegion?.countries);
  const [book, setBook] = useState<AddressBookLoad>(initial ?? { status: 'loading' });
  const [editing, setEditing] = useState<Editing>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [limit, setLimit] = useState<number | null>(initialLimit);
  const noticeRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const [focusNotice, setFocusNotice] = useState(0);
  const shipping = book.status === 'ready' ? book.countries : null;
  const offered = useMemo(() => countryChoices(shipping).map((c) => c.code), [shipping]);

  const load = useCallback(async () => {
    setBook({ status: 'loading' });
    const result = await loadAddressBook();
    setBook(result.ok ? { status: 'ready', ...result.value } : { status: 'error', message: result.message });
  }, []);

  useEffect(() => {
    if (!initial) void load();
  }, [initial, load]);

  // A finished action announces its result and takes focus there (the button that was pressed may be gone).
  useEffect(() => {
    if (focusNotice > 0) noticeRef.current?.focus();
  }, [focusNotice]);

  // Asking to delete focuses "Keep it", so Enter pressed twice cannot delete by accident.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  // "Keep it" closes the question; focus goes back to that card's Delete button, not to the page.
  const [keptId, setKeptId] = useState<string | null>(null);
  useEffect(() => {
    if (keptId) document.getElementById(deleteButtonId(keptId))?.focus();
  }, [keptId]);

  if (book.status === 'loading') {
    return (
      <p className={pageStyles.loading} role="status" aria-live="polite">
        Loading your addresses…
      </p>
    );
  }
  if (book.status === 'error') {
    return (
      <FormAlert>
        <p>We could not load your addresses: {book.message}</p>
        <p>
          <button type="button" className="button button--secondary" onClick={() => void load()}>
            Try again
          </button>
        </p>
      </FormAlert>
    );
  }

  const { addresses, countries } = book;
  const full = limit !== null && addresses.length >= limit;

  function announce(next: Notice) {
    setNotice(next);
    setFocusNotice((n) => n + 1);
  }

  function setAddresses(next: Address[]) {
    setBook((current) => (current.status === 'ready' ? { ...current, addresses: next } : current));
  }

  function openNew() {
    setNotice(null);
    setConfirming(null);
    setEditing({ kind: 'new' });
  }

  function openEdit(address: Address) {
    setNotice(null);
    setConfirming(null);
    setEditing({ kind: 'edit', address });
  }

  function onSaved(address: Address) {
    const wasNew = editing?.kind === 'new';
    setAddresses(withSaved(addresses, address));
    setEditing(null);
    announce({ tone: 'success', text: wasNew ? 'Address added.' : 'Address saved.' });
  }

  function onCancel() {
    setEditing(null);
    // Back to where the form was opened from; the add button is there when the list is not full.
    requestAnimationFrame(() => addRef.current?.focus());
  }

  async function onDelete(address: Address) {
    setBusy(address.id);
    const result = await deleteAddress(address.id);
    setBusy(null);
    setConfirming(null);
    if (result.ok) {
      setAddresses(result.value);
      if (editing?.kind === 'edit' && editing.address.id === address.id) setEditing(null);
      announce({ tone: 'success', text: 'Address deleted.' });
    } else {
      announce({ tone: 'error', text: result.message });
    }
  }

  async function onMakeMain(address: Address) {
    setBusy(address.id);
    const result = await makeMainAddress(address.id);
    setBusy(null);
    if (result.ok) {
      setAddresses(withSaved(addresses, result.value));
      announce({ tone: 'success', text: 'Main address changed.' });
    } else {
      announce({ tone: 'error', text: result.message });
    }
  }

  const newCountry = defaultCountry({ preferred, profileCountry: profile?.country, regionCountries }, offered);
  const listId = `${id}-list`;

  return (
    <div className={styles.book}>
      <div ref={noticeRef} tabIndex={-1} className={styles.notice}>
        {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
      </div>

      {editing ? (
        <AddressForm
          key={editing.kind === 'edit' ? editing.address.id : 'new'}
          address={editing.kind === 'edit' ? editing.address : null}
          initialValues={editing.kind === 'edit' ? editAddressForm(editing.address) : newAddressForm(newCountry, profile ?? undefined)}
          countries={countries}
          isFirst={addresses.length === 0}
          onSaved={onSaved}
          onCancel={onCancel}
          onLimit={setLimit}
        />
      ) : full ? (
        <p className={formStyles.hint} role="status">
          {errorMessageFor({ errorCode: 'user/max_addresses_reached', params: [limit] })}
        </p>
      ) : (
        <div className={formStyles.actions}>
          <button ref={addRef} type="button" className="button button--primary" onClick={openNew}>
            Add an address
          </button>
        </div>
      )}

      <section className={styles.listSection} aria-labelledby={`${listId}-title`}>
        <h2 id={`${listId}-title`} className={styles.listTitle}>
          Saved addresses{addresses.length > 0 ? ` (${addresses.length})` : ''}
        </h2>
        {addresses.length === 0 ? (
          <p className={styles.empty}>You have no saved addresses yet. Add one to use it at checkout.</p>
        ) : (
          <ul id={listId} className={styles.list} role="list">
            {addresses.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                titleId={`${id}-${address.id}-title`}
                deleteButtonId={deleteButtonId(address.id)}
                confirming={confirming === address.id}
                busy={busy === address.id}
                keepRef={keepRef}
                onEdit={() => openEdit(address)}
                onMakeMain={() => void onMakeMain(address)}
                onAskDelete={() => {
                  setNotice(null);
                  setKeptId(null);
                  setConfirming(address.id);
                }}
                onDelete={() => void onDelete(address)}
                onKeep={() => {
                  setConfirming(null);
                  setKeptId(address.id);
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const deleteButtonId = (addressId: string) => `delete-address-${addressId}`;
