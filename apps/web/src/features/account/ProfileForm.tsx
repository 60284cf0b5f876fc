'use client';

import Link from 'next/link';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { PublicUser } from '@kedai/contract';
import { apiErrorMessage } from '../../lib/browser-api';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { updateProfile } from './user-slice';
import { FormAlert } from '../../ui/Field';
import { NameFields, PersonalDetailsFields } from './PersonalDetailsFields';
import {
  profileProblems,
  profileServerErrors,
  profileValues,
  toProfileUpdate,
  type ProfileErrors,
  type ProfileField,
  type ProfileValues,
} from './account-actions';
import { ADDRESSES_PATH, CHANGE_PASSWORD_PATH, SAVED_CARDS_PATH, TWO_FACTOR_PATH } from './paths';
import { countryOptions } from './register-form';
import formStyles from '../../ui/form.module.css';
import styles from './account-pages.module.css';
import { useFocusInvalid } from './useFocusInvalid';
import { EmailPreferences } from '../notifications/EmailPreferences';

export type ProfileNotice = { kind: 'none' } | { kind: 'saved' } | { kind: 'error'; message: string };

/**
 * `/profile` (inside RequireSignIn): the signed-in user's details, editable except the e-mail.
 * The API's field rules run here first; the server's per-field problems (a 400's params) are
 * shown beside their fields. Saving goes through the user slice's `updateProfile`, so the header
 * shows the new name at once.
 */
export function ProfileForm({ initialNotice = { kind: 'none' } }: { initialNotice?: ProfileNotice }) {
  const profile = useAppSelector((state) => state.user.profile);
  // RequireSignIn only shows this to a signed-in user, whose profile is known.
  if (!profile) return null;
  return <ProfileFields profile={profile} initialNotice={initialNotice} />;
}

function ProfileFields({ profile, initialNotice }: { profile: PublicUser; initialNotice: ProfileNotice }) {
  const id = useId();
  const dispatch = useAppDispatch();
  const countries = useMemo(countryOptions, []);
  const [values, setValues] = useState<ProfileValues>(() => profileValues(profile));
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [notice, setNotice] = useState<ProfileNotice>(initialNotice);
  const [pending, setPending] = useState(false);
  const today = new Date().toISOString().slice(0, 10);
  const noticeId = `${id}-notice`;
  const { ref: formRef, focusInvalid } = useFocusInvalid();

  const fieldId = (field: ProfileField) => `${id}-${field}`;

  function set(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    if (notice.kind === 'saved') setNotice({ kind: 'none' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setNotice({ kind: 'none' });
    const found = profileProblems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return focusInvalid();
    setPending(true);
    try {
      const user = await dispatch(updateProfile(toProfileUpdate(values))).unwrap();
      setValues(profileValues(user)); // the stored forms (trimmed names, E.164 number)
      setNotice({ kind: 'saved' });
    } catch (error) {
      const fromServer = profileServerErrors(error);
      setErrors(fromServer);
      if (Object.keys(fromServer).length > 0) focusInvalid();
      else setNotice({ kind: 'error', message: apiErrorMessage(error) });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <dl className={styles.readOnly}>
        <dt>E-mail</dt>
        <dd>{profile.email}</dd>
      </dl>
      <form
        ref={formRef}
        className={formStyles.form}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={notice.kind !== 'none' ? noticeId : undefined}
      >
        {notice.kind === 'saved' ? (
          <FormAlert id={noticeId} tone="success">
            Your profile has been saved.
          </FormAlert>
        ) : null}
        {notice.kind === 'error' ? <FormAlert id={noticeId}>{notice.message}</FormAlert> : null}
        <NameFields values={values} errors={errors} onChange={set} fieldId={fieldId} />
        <PersonalDetailsFields
          values={values}
          errors={errors}
          onChange={set}
          fieldId={fieldId}
          countries={countries}
          maxBirthDate={today}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" disabled={pending} aria-busy={pending || undefined}>
            {pending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
      <section className={styles.section} aria-labelledby={`${id}-addresses`}>
        <h2 id={`${id}-addresses`}>Addresses</h2>
        <ul className={styles.links}>
          <li>
            <Link href={ADDRESSES_PATH}>Your address book</Link>
          </li>
        </ul>
      </section>
      <section className={styles.section} aria-labelledby={`${id}-payment`}>
        <h2 id={`${id}-payment`}>Payment</h2>
        <ul className={styles.links}>
          <li>
            <Link href={SAVED_CARDS_PATH}>Your saved cards</Link>
          </li>
        </ul>
      </section>
      <EmailPreferences className={styles.section} />
      <section className={styles.section} aria-labelledby={`${id}-security`}>
        <h2 id={`${id}-security`}>Sign-in and security</h2>
        <ul className={styles.links}>
          <li>
            <Link href={CHANGE_PASSWORD_PATH}>Change your password</Link>
          </li>
          <li>
            <Link href={TWO_FACTOR_PATH}>Two-factor authentication</Link>
          </li>
        </ul>
      </section>
    </>
  );
}
