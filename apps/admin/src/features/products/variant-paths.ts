/**
 * Variant paths as the editor works with them. A path is one option index per variant ("1/0",
 * rules in packages/domain `allVariantPaths`), and the API keeps each path's price and stock under
 * it: a row of the editor belongs to an option's position, so renaming an option keeps its row,
 * and options are added at the end.
 */
import { allVariantPaths, type ProductVariant } from '@kedai/domain';

/** The options of one variant as typed: one per line, trimmed, blank lines dropped. */
export function parseOptions(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** One full combination of options: its path and the option names. */
export interface Combination {
  path: string;
  names: string[];
}

/** Every combination of the variants' options, in path order; none when a variant has no option. */
export function combinationsOf(variants: readonly Pick<ProductVariant, 'name' | 'options'>[]): Combination[] {
  return allVariantPaths(variants.map((v) => ({ name: v.name, options: v.options }))).map((path) => {
    const names = path.split('/').map((index, i) => variants[i]!.options[Number(index)]!);
    return { path, names };
  });
}

/** "Colour: Red · Size: M" for a combination; "" without variants. */
export function combinationLabel(variants: readonly Pick<ProductVariant, 'name'>[], names: readonly string[]): string {
  return names.map((option, i) => `${variants[i]?.name || `Variant ${i + 1}`}: ${option}`).join(' · ');
}
