/**
 * A screen's heading. It names the tab (`document.title`) and takes focus when the screen opens
 * after a navigation or a step of signing in, so keyboard and screen-reader users start there; the
 * first screen of a page load leaves focus where the browser put it.
 */
import { useEffect, useRef, type ReactNode } from 'react';

let firstScreen = true;

export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · Kedai back office`;
  }, [title]);
  useEffect(() => {
    if (firstScreen) firstScreen = false;
    else ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children ?? title}
    </h1>
  );
}
