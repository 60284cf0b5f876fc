'use client';

import { countryName, formatDate } from '@kedai/domain';
import { useAppSelector } from '../state/hooks';
import { GENDER_LABELS } from './register-form';
import styles from './account.module.css';

/** The signed-in user's details, read-only (inside `RequireSignIn`). */
export function ProfileSummary() {
  const profile = useAppSelector((state) => state.user.profile);
  if (!profile) return null;
  const rows: [string, string][] = [
    ['Name', `${profile.firstName} ${profile.lastName}`],
    ['E-mail', profile.email],
    ['Mobile phone', profile.phoneNumber],
    ['Country', countryName(profile.country)],
    // Spec §9: dates display as DD/MM/YYYY.
    ['Date of birth', formatDate(new Date(`${profile.birthDate}T00:00:00Z`))],
    ['Gender', GENDER_LABELS[profile.gender]],
  ];
  return (
    <dl className={styles.details}>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
