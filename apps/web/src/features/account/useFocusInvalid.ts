'use client';

import { useEffect, useRef, useState } from 'react';

/**
 * After a submit that found problems, moves focus to the first invalid field of the form, so
 * keyboard and screen-reader users land on it and hear its error (linked by aria-describedby).
 * Call `focusInvalid()` in the submit handler; it acts once the errors have rendered.
 */
export function useFocusInvalid<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { ref, focusInvalid: () => setAsked((n) => n + 1) };
}
