import { useState, type FormEvent } from 'react';
import { useFormProblem, type Problem } from './FormProblem';
import { useFocusAfterRender } from './useFocusAfterRender';

/** The field's text as the API takes it (`body`), or what is wrong with it, said beside the field. */
export type OneFieldCheck<Body> = { ok: true; body: Body } | { ok: false; error: string };

export interface OneFieldForm<Body> {
  fieldId: string;
  text: string;
  error: string | undefined;
  problem: Problem | null;
  /** What was typed; a new key takes the field's error away. */
  change: (value: string) => void;
  /** The API's refusal: beside the field when it names one (`fieldError`), else at the top of the form. */
  refuse: (fieldError: string | null | undefined, message: string) => void;
  /** The form's `onSubmit`: checks the text and sends it, unless a change is still on its way (`busy`). */
  submit: (event: FormEvent, sending: { busy: boolean; send: (body: Body) => void }) => void;
  focusField: () => void;
  clearError: () => void;
  clearProblem: () => void;
}

/**
 * A form of one field that sends a change to the API, such as a reason the shopper reads or a bank
 * reference: the text typed, its error beside the field (focused once shown), and the problem at
 * the top of the form when the API refuses without naming the field.
 */
export function useOneFieldForm<Body>({
  fieldId,
  check,
  onStart,
}: {
  fieldId: string;
  /** The domain's rule for the text, as the API checks it. */
  check: (text: string) => OneFieldCheck<Body>;
  /** A change is being sent: the page's earlier news no longer applies. */
  onStart: () => void;
}): OneFieldForm<Body> {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { problem, say, clear: clearProblem } = useFormProblem();
  const focus = useFocusAfterRender();
  const refuseField = (message: string) => {
    setError(message);
    focus(fieldId);
  };

  return {
    fieldId,
    text,
    error,
    problem,
    change: (value) => {
      setText(value);
      if (error) setError(undefined);
    },
    refuse: (fieldError, message) => {
      if (fieldError) refuseField(fieldError);
      else say(message);
    },
    submit: (event, { busy, send }) => {
      event.preventDefault();
      if (busy) return;
      onStart();
      clearProblem();
      const checked = check(text);
      if (!checked.ok) {
        refuseField(checked.error);
        return;
      }
      setError(undefined);
      send(checked.body);
    },
    focusField: () => focus(fieldId),
    clearError: () => setError(undefined),
    clearProblem,
  };
}
