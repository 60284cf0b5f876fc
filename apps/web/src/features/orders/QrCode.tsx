import { useMemo } from 'react';
import { qrPathOf } from './qr-code';
import styles from './orders.module.css';

export interface QrCodeProps {
  /** What the code holds. */
  text: string;
  /** What it is for, read by screen readers in place of the picture. */
  label: string;
}

/**
 * `text` as a QR code: an SVG of one white square and one black path (the dark modules with the
 * quiet zone around them), black on white whatever the page's colours; nothing when the text does
 * not fit in a QR code.
 */
export function QrCode({ text, label }: QrCodeProps) {
  const path = useMemo(() => qrPathOf(text), [text]);
  if (!path) return null;
  return (
    <svg
      className={styles.qr}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={path.size} height={path.size} fill="#ffffff" />
      <path d={path.d} fill="#000000" />
    </svg>
  );
}
