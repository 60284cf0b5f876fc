/**
 * A QR code as one SVG path (issue 17: the PayNow code of an order), drawn by React as elements: no
 * markup string is injected, so the site's Content-Security-Policy holds. qrcode-generator makes
 * the module matrix; this turns its dark modules into path commands.
 */
import qrcode from 'qrcode-generator';

/** The blank border scanners need around the code: 4 modules wide (ISO/IEC 18004). */
export const QUIET_ZONE = 4;

/**
 * The modules of `text`'s QR code, row by row, true for dark: error correction M (15 % of the code
 * may be unreadable, e.g. a smudged screen), the smallest version that holds the text.
 */
export function qrModules(text: string): boolean[][] {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => code.isDark(row, col)));
}

export interface QrPath {
  /** The side of the drawing in modules, the quiet zone on both sides included: the SVG's viewBox. */
  size: number;
  /** The dark modules: each run of a row as one rectangle (`M x y h run v 1 h -run z`). */
  d: string;
}

/** The path of a module matrix, shifted by the quiet zone. */
export function qrPath(modules: readonly (readonly boolean[])[], quietZone: number = QUIET_ZONE): QrPath {
  const runs: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      runs.push(`M${start + quietZone} ${y + quietZone}h${x - start}v1h-${x - start}z`);
    }
  });
  return { size: modules.length + 2 * quietZone, d: runs.join('') };
}

/**
 * The path of `text`'s QR code, or null when it cannot be made (more than a QR code holds): the
 * page then offers the text to copy instead of failing.
 */
export function qrPathOf(text: string): QrPath | null {
  try {
    return qrPath(qrModules(text));
  } catch {
    return null;
  }
}

/**
 * `text`'s QR code as a PNG, for "Save QR code" (a banking app scans a picture from the phone's
 * gallery, which takes no SVG): the same modules and quiet zone, `scale` pixels a module, drawn on
 * a canvas. Null when the text does not fit in a code or the browser draws no canvas.
 */
export function qrPngBlob(text: string, scale = 10, doc: Document = document): Promise<Blob | null> {
  const path = qrPathOf(text);
  const canvas = doc.createElement('canvas');
  const context = path ? canvas.getContext('2d') : null;
  if (!path || !context || typeof Path2D !== 'function') return Promise.resolve(null);
  canvas.width = canvas.height = path.size * scale;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.scale(scale, scale);
  context.fillStyle = '#000000';
  context.fill(new Path2D(path.d));
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}
