/** Small display helpers of the product page. */

const grams = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'gram', maximumFractionDigits: 0 });
const kilograms = new Intl.NumberFormat('en-GB', { style: 'unit', unit: 'kilogram', maximumFractionDigits: 2 });

/** 250 -> "250 g", 1250 -> "1.25 kg"; null for an unknown (zero or negative) weight. */
export function formatWeight(weightGrams: number): string | null {
  if (!Number.isFinite(weightGrams) || weightGrams <= 0) return null;
  return weightGrams < 1000 ? grams.format(weightGrams) : kilograms.format(weightGrams / 1000);
}

/** The description as paragraphs: split on blank lines, trimmed, empty ones dropped. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** A meta description: whitespace collapsed, cut at a word boundary to at most `max` characters. */
export function summarise(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:–—-]+$/, '')}…`;
}
