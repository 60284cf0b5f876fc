import { Field, type FieldProps } from '../../ui/Field';
import { TFA_CODE_LENGTH } from './account-actions';
import formStyles from '../../ui/form.module.css';

/**
 * A six-digit code of an authenticator app: numeric keypad on phones, offered from SMS/app by the
 * browser (one-time-code). Two extra characters are allowed so "123 456" can be typed or pasted.
 */
export function CodeField(props: Omit<FieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'inputClassName'>) {
  return (
    <Field
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9 \-]*"
      maxLength={TFA_CODE_LENGTH + 2}
      spellCheck={false}
      inputClassName={formStyles.code}
      {...props}
    />
  );
}
