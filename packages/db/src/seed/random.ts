/** Seeded randomness and the small helpers built on it: the demo data must be the same on every run. */

export type Random = () => number;

/** mulberry32: a tiny 32-bit PRNG, good enough for demo data and fully deterministic. */
function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator of its own for item `index`, so item N is the same whatever the total count. */
export function streamFor(seed: number, index: number): Random {
  return mulberry32((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);
}

export function int(rng: Random, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)]!;
}

export function weighted<T extends { weight: number }>(rng: Random, items: readonly T[]): T {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  let r = rng() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/** `k` distinct items in their original order. */
export function sample<T>(rng: Random, items: readonly T[], k: number): T[] {
  const indexes = items.map((_, i) => i);
  for (let i = indexes.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
  }
  return indexes
    .slice(0, Math.min(k, items.length))
    .sort((a, b) => a - b)
    .map((i) => items[i]!);
}
