/**
 * Demo images drawn as SVG: no downloads and no native image library. Every image is written
 * twice, the full drawing and its thumbnail (named with `thumbnailName`, same drawing, smaller
 * size and less detail).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { thumbnailName } from '@kedai/domain';

export type Shape =
  | 'laptop'
  | 'phone'
  | 'headphones'
  | 'camera'
  | 'pot'
  | 'chair'
  | 'shirt'
  | 'dress'
  | 'bag'
  | 'bottle'
  | 'lipstick'
  | 'dumbbell'
  | 'tent'
  | 'teddy'
  | 'basket'
  | 'cup'
  | 'gift'
  | 'placeholder'
  | 'monogram';

export interface ImageSpec {
  shape: Shape;
  /** Base hue (0–360) of the background gradient and the drawing. */
  hue: number;
  /** Main text: a product's short label, a banner title, a merchant name. */
  label: string;
  /** Smaller second line (full image only). */
  sublabel?: string;
  /** `square` is 800×800, `banner` is 1600×600. */
  format?: 'square' | 'banner';
  /** Varies the decoration so images of one category do not all look the same. */
  seed?: number;
  /** Text drawn inside the shape for `monogram` (merchant initials). */
  monogram?: string;
  /** The product's own colour (a CSS colour), for a variant option's picture; else from `hue`. */
  colour?: string;
}

const FONT = 'font-family="\'Helvetica Neue\', Arial, sans-serif"';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Words packed into at most `maxLines` lines of about `width` characters; the last line is cut short if needed. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = clip(`${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`, width);
  return kept;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;

interface Palette {
  bgFrom: string;
  bgTo: string;
  fg: string;
  accent: string;
  light: string;
  text: string;
}

function palette(hue: number, seed: number): Palette {
  const h = hue + ((seed * 37) % 30) - 15;
  return {
    bgFrom: hsl(h, 75, 94),
    bgTo: hsl(h + 25, 60, 80),
    fg: hsl(h, 45, 32),
    accent: hsl(h + 180, 55, 62),
    light: hsl(h, 60, 86),
    text: hsl(h, 50, 18),
  };
}

/** Shape drawings in an 800×800 box, centred on (400, 340). */
function drawShape(shape: Shape, p: Palette, detail: boolean, monogram = ''): string {
  const { fg, accent, light } = p;
  switch (shape) {
    case 'laptop':
      return [
        `<rect x="225" y="160" width="350" height="240" rx="16" fill="${fg}"/>`,
        `<rect x="245" y="180" width="310" height="200" rx="6" fill="${light}"/>`,
        `<path d="M185 410 H615 L650 460 Q650 472 636 472 H164 Q150 472 150 460 Z" fill="${fg}"/>`,
        detail ? `<rect x="365" y="440" width="70" height="14" rx="5" fill="${light}" opacity="0.6"/>` : '',
        detail ? `<path d="M275 215 H470 M275 245 H420 M275 275 H500" stroke="${accent}" stroke-width="12" stroke-linecap="round"/>` : '',
      ].join('');
    case 'phone':
      return [
        `<rect x="295" y="120" width="210" height="420" rx="36" fill="${fg}"/>`,
        `<rect x="311" y="165" width="178" height="330" rx="12" fill="${light}"/>`,
        detail ? `<circle cx="400" cy="143" r="7" fill="${light}"/>` : '',
        detail ? `<rect x="365" y="510" width="70" height="10" rx="5" fill="${light}"/>` : '',
        detail ? `<circle cx="400" cy="300" r="55" fill="${accent}" opacity="0.8"/>` : '',
      ].join('');
    case 'headphones':
      return [
        `<path d="M250 400 V340 A150 150 0 0 1 550 340 V400" fill="none" stroke="${fg}" stroke-width="34" stroke-linecap="round"/>`,
        `<rect x="200" y="350" width="90" height="160" rx="38" fill="${fg}"/>`,
        `<rect x="510" y="350" width="90" height="160" rx="38" fill="${fg}"/>`,
        detail ? `<rect x="270" y="370" width="28" height="120" rx="12" fill="${accent}"/>` : '',
        detail ? `<rect x="502" y="370" width="28" height="120" rx="12" fill="${accent}"/>` : '',
      ].join('');
    case 'camera':
      return [
        `<rect x="300" y="185" width="130" height="70" rx="14" fill="${fg}"/>`,
        `<rect x="190" y="230" width="420" height="270" rx="32" fill="${fg}"/>`,
        `<circle cx="400" cy="365" r="100" fill="${light}"/>`,
        `<circle cx="400" cy="365" r="62" fill="${fg}"/>`,
        detail ? `<circle cx="380" cy="345" r="16" fill="${light}" opacity="0.7"/>` : '',
        detail ? `<rect x="525" y="255" width="50" height="26" rx="8" fill="${accent}"/>` : '',
      ].join('');
    case 'pot':
      return [
        `<rect x="370" y="200" width="60" height="28" rx="12" fill="${fg}"/>`,
        `<ellipse cx="400" cy="250" rx="200" ry="36" fill="${fg}"/>`,
        `<path d="M220 270 H580 V440 Q580 500 520 500 H280 Q220 500 220 440 Z" fill="${fg}"/>`,
        `<rect x="150" y="290" width="80" height="26" rx="13" fill="${fg}"/>`,
        `<rect x="570" y="290" width="80" height="26" rx="13" fill="${fg}"/>`,
        detail ? `<path d="M260 340 H540" stroke="${accent}" stroke-width="16" stroke-linecap="round"/>` : '',
        detail
          ? `<path d="M330 170 q20 -25 0 -50 M400 165 q20 -25 0 -50 M470 170 q20 -25 0 -50" stroke="${fg}" stroke-width="8" fill="none" opacity="0.35" stroke-linecap="round"/>`
          : '',
      ].join('');
    case 'chair':
      return [
        `<rect x="270" y="130" width="260" height="200" rx="28" fill="${fg}"/>`,
        `<rect x="240" y="330" width="320" height="60" rx="18" fill="${fg}"/>`,
        `<path d="M270 390 L250 540 M530 390 L550 540" stroke="${fg}" stroke-width="26" stroke-linecap="round"/>`,
        detail
          ? `<path d="M340 390 L335 500 M460 390 L465 500" stroke="${fg}" stroke-width="16" stroke-linecap="round" opacity="0.7"/>`
          : '',
        detail ? `<rect x="300" y="160" width="200" height="140" rx="18" fill="${accent}" opacity="0.55"/>` : '',
      ].join('');
    case 'shirt':
      return [
        `<path d="M310 150 L360 135 Q400 185 440 135 L490 150 L610 235 L560 310 L510 280 L510 540 L290 540 L290 280 L240 310 L190 235 Z" fill="${fg}"/>`,
        detail ? `<path d="M360 135 Q400 185 440 135" fill="none" stroke="${light}" stroke-width="10"/>` : '',
        detail ? `<rect x="440" y="300" width="40" height="46" rx="6" fill="${accent}"/>` : '',
      ].join('');
    case 'dress':
      return [
        `<path d="M355 140 L370 140 L378 200 H422 L430 140 L445 140 L455 260 L590 540 H210 L345 260 Z" fill="${fg}"/>`,
        `<rect x="340" y="255" width="120" height="26" rx="8" fill="${accent}"/>`,
        detail
          ? `<path d="M300 420 Q400 450 500 420 M260 500 Q400 535 540 500" fill="none" stroke="${light}" stroke-width="8" opacity="0.6"/>`
          : '',
      ].join('');
    case 'bag':
      return [
        `<path d="M310 280 V230 A90 90 0 0 1 490 230 V280" fill="none" stroke="${fg}" stroke-width="26"/>`,
        `<rect x="220" y="270" width="360" height="270" rx="36" fill="${fg}"/>`,
        detail ? `<rect x="370" y="330" width="60" height="40" rx="8" fill="${accent}"/>` : '',
        detail ? `<path d="M220 330 H580" stroke="${light}" stroke-width="6" opacity="0.5"/>` : '',
      ].join('');
    case 'bottle':
      return [
        `<rect x="355" y="130" width="90" height="70" rx="12" fill="${accent}"/>`,
        `<rect x="370" y="195" width="60" height="50" fill="${fg}"/>`,
        `<rect x="300" y="240" width="200" height="310" rx="40" fill="${fg}"/>`,
        `<rect x="325" y="330" width="150" height="130" rx="12" fill="${light}"/>`,
        detail ? `<path d="M350 375 H450 M350 410 H420" stroke="${fg}" stroke-width="10" stroke-linecap="round"/>` : '',
      ].join('');
    case 'lipstick':
      return [
        `<path d="M355 300 V185 L445 145 V300 Z" fill="${accent}"/>`,
        `<rect x="340" y="295" width="120" height="60" rx="6" fill="${light}"/>`,
        `<rect x="320" y="350" width="160" height="200" rx="14" fill="${fg}"/>`,
        detail ? `<path d="M345 380 V520" stroke="${light}" stroke-width="10" opacity="0.4" stroke-linecap="round"/>` : '',
      ].join('');
    case 'dumbbell':
      return [
        `<rect x="250" y="325" width="300" height="34" rx="12" fill="${fg}"/>`,
        `<rect x="175" y="235" width="60" height="215" rx="16" fill="${fg}"/>`,
        `<rect x="565" y="235" width="60" height="215" rx="16" fill="${fg}"/>`,
        `<rect x="130" y="270" width="45" height="145" rx="14" fill="${fg}"/>`,
        `<rect x="625" y="270" width="45" height="145" rx="14" fill="${fg}"/>`,
        detail ? `<rect x="340" y="320" width="120" height="44" rx="10" fill="${accent}"/>` : '',
      ].join('');
    case 'tent':
      return [
        `<path d="M400 150 L620 520 H180 Z" fill="${fg}"/>`,
        `<path d="M400 290 L480 520 H320 Z" fill="${light}"/>`,
        `<path d="M130 525 H670" stroke="${fg}" stroke-width="12" stroke-linecap="round"/>`,
        detail ? `<path d="M400 150 L380 110 M400 150 L425 112" stroke="${fg}" stroke-width="8" stroke-linecap="round"/>` : '',
        detail ? `<circle cx="600" cy="170" r="40" fill="${accent}" opacity="0.8"/>` : '',
      ].join('');
    case 'teddy':
      return [
        `<circle cx="320" cy="170" r="48" fill="${fg}"/>`,
        `<circle cx="480" cy="170" r="48" fill="${fg}"/>`,
        `<ellipse cx="400" cy="440" rx="150" ry="120" fill="${fg}"/>`,
        `<circle cx="400" cy="260" r="115" fill="${fg}"/>`,
        `<ellipse cx="400" cy="300" rx="55" ry="40" fill="${light}"/>`,
        `<circle cx="358" cy="235" r="12" fill="${light}"/><circle cx="442" cy="235" r="12" fill="${light}"/>`,
        detail ? `<ellipse cx="400" cy="285" rx="16" ry="11" fill="${fg}"/>` : '',
        detail ? `<ellipse cx="400" cy="450" rx="80" ry="62" fill="${accent}" opacity="0.6"/>` : '',
      ].join('');
    case 'basket':
      return [
        `<path d="M270 300 V250 A130 110 0 0 1 530 250 V300" fill="none" stroke="${fg}" stroke-width="20"/>`,
        detail ? `<circle cx="340" cy="285" r="42" fill="${accent}"/><circle cx="430" cy="275" r="48" fill="${light}"/>` : '',
        `<path d="M170 300 H630 L575 530 H225 Z" fill="${fg}"/>`,
        detail
          ? `<path d="M200 370 H600 M215 445 H585 M320 300 L335 530 M400 300 V530 M480 300 L465 530" stroke="${light}" stroke-width="8" opacity="0.45"/>`
          : '',
      ].join('');
    case 'cup':
      return [
        `<path d="M230 260 H530 V420 Q530 520 430 520 H330 Q230 520 230 420 Z" fill="${fg}"/>`,
        `<path d="M530 300 H570 Q620 300 620 350 Q620 400 570 400 H530" fill="none" stroke="${fg}" stroke-width="26"/>`,
        `<ellipse cx="380" cy="540" rx="210" ry="22" fill="${fg}" opacity="0.35"/>`,
        detail
          ? `<path d="M320 230 q25 -35 0 -70 M390 230 q25 -35 0 -70 M460 230 q25 -35 0 -70" stroke="${fg}" stroke-width="10" fill="none" opacity="0.45" stroke-linecap="round"/>`
          : '',
        detail ? `<rect x="290" y="330" width="180" height="20" rx="10" fill="${accent}"/>` : '',
      ].join('');
    case 'gift':
      return [
        `<rect x="230" y="290" width="340" height="250" rx="18" fill="${fg}"/>`,
        `<rect x="205" y="240" width="390" height="70" rx="14" fill="${fg}"/>`,
        `<rect x="375" y="240" width="50" height="300" fill="${accent}"/>`,
        `<path d="M400 240 Q330 150 300 205 Q290 245 400 240 Q510 245 500 205 Q470 150 400 240" fill="${accent}"/>`,
      ].join('');
    case 'placeholder':
      return [
        `<rect x="220" y="170" width="360" height="300" rx="24" fill="none" stroke="${fg}" stroke-width="18"/>`,
        `<path d="M240 450 L350 320 L420 400 L470 350 L560 450 Z" fill="${fg}"/>`,
        `<circle cx="480" cy="250" r="34" fill="${fg}"/>`,
      ].join('');
    case 'monogram':
      return [
        `<circle cx="400" cy="340" r="210" fill="${fg}"/>`,
        detail ? `<circle cx="400" cy="340" r="185" fill="none" stroke="${light}" stroke-width="6" opacity="0.6"/>` : '',
        `<text x="400" y="340" ${FONT} font-size="${monogram.length > 2 ? 120 : 160}" font-weight="700" fill="${light}" text-anchor="middle" dominant-baseline="central">${esc(monogram)}</text>`,
      ].join('');
  }
}

function decoration(p: Palette, seed: number, width: number, height: number): string {
  // A few soft circles whose position depends on the seed.
  const out: string[] = [];
  let s = (seed * 2654435761) >>> 0;
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return s / 4294967296;
  };
  for (let i = 0; i < 3; i += 1) {
    const r = 60 + next() * 120;
    out.push(
      `<circle cx="${Math.round(next() * width)}" cy="${Math.round(next() * height)}" r="${Math.round(r)}" fill="#fff" opacity="${(0.18 + next() * 0.2).toFixed(2)}"/>`,
    );
  }
  return out.join('');
}

/** The SVG text of an image; `thumb` gives the smaller, simpler drawing. */
function renderImage(spec: ImageSpec, thumb = false): string {
  const seed = spec.seed ?? 0;
  const p = spec.colour ? { ...palette(spec.hue, seed), fg: spec.colour } : palette(spec.hue, seed);
  const banner = spec.format === 'banner';
  const width = banner ? 1600 : 800;
  const height = banner ? 600 : 800;
  const scale = thumb ? 4 : 1;
  const gradient = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bgFrom}"/><stop offset="1" stop-color="${p.bgTo}"/></linearGradient></defs>`;
  const background = `<rect width="${width}" height="${height}" fill="url(#bg)"/>`;
  const shape = drawShape(spec.shape, p, !thumb, spec.monogram);
  const parts: string[] = [gradient, background];
  if (!thumb) parts.push(decoration(p, seed, width, height));
  if (banner) {
    parts.push(`<g transform="translate(920 40) scale(0.85)">${shape}</g>`);
    // Titles wrap onto two lines so they never run into the drawing on the right.
    const lines = wrap(spec.label, 18, 2);
    const size = thumb ? 88 : 80;
    const top = (thumb ? 300 : 270) - ((lines.length - 1) * size) / 2;
    lines.forEach((line, i) => {
      parts.push(
        `<text x="110" y="${Math.round(top + i * size * 1.12)}" ${FONT} font-size="${size}" font-weight="700" fill="${p.text}">${esc(line)}</text>`,
      );
    });
    if (spec.sublabel && !thumb) {
      parts.push(
        `<text x="112" y="${Math.round(top + (lines.length - 1) * size * 1.12 + 80)}" ${FONT} font-size="40" fill="${p.text}" opacity="0.8">${esc(clip(spec.sublabel, 38))}</text>`,
      );
    }
  } else {
    parts.push(shape);
    // Long labels get a smaller font before they are cut short.
    const label = clip(spec.label, thumb ? 24 : 34);
    if (thumb) {
      const size = Math.max(46, Math.min(64, Math.floor(1250 / label.length)));
      parts.push(
        `<text x="400" y="690" ${FONT} font-size="${size}" font-weight="700" fill="${p.text}" text-anchor="middle">${esc(label)}</text>`,
      );
    } else {
      const size = Math.max(34, Math.min(46, Math.floor(1200 / label.length)));
      parts.push(
        `<text x="400" y="660" ${FONT} font-size="${size}" font-weight="700" fill="${p.text}" text-anchor="middle">${esc(label)}</text>`,
      );
      if (spec.sublabel) {
        parts.push(
          `<text x="400" y="718" ${FONT} font-size="30" fill="${p.text}" opacity="0.75" text-anchor="middle">${esc(clip(spec.sublabel, 40))}</text>`,
        );
      }
    }
  }
  const title = esc(spec.sublabel ? `${spec.label} – ${spec.sublabel}` : spec.label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width / scale}" height="${height / scale}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${title}</title>${parts.join('')}</svg>\n`
  );
}

async function writeText(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

/**
 * Writes `name` (a path relative to the assets folder, e.g. `products/phone-1.svg`) and its
 * thumbnail (`products/phone-1_thumb.svg`).
 */
async function writeImage(assetsDir: string, name: string, spec: ImageSpec): Promise<void> {
  await Promise.all([
    writeText(join(assetsDir, name), renderImage(spec, false)),
    writeText(join(assetsDir, thumbnailName(name)), renderImage(spec, true)),
  ]);
}

/** Writes many images, a bounded number at a time. */
export async function writeImages(
  assetsDir: string,
  images: Iterable<{ name: string; spec: ImageSpec }>,
  concurrency = 32,
): Promise<number> {
  const list = [...images];
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const item = list[next]!;
      next += 1;
      await writeImage(assetsDir, item.name, item.spec);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  return list.length;
}
