import { useEffect, useState } from 'react';

/**
 * Focus for an element once it is on the page (a form just opened, a field with its new error), so
 * it is read with its mark and message: the element's id to `focus`, asked again each time (`n`),
 * so the same id twice still moves focus.
 */
export function useFocusAfterRender(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string; n: number } | null>(null);
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  return (id) => setTarget((old) => ({ id, n: (old?.n ?? 0) + 1 }));
}
