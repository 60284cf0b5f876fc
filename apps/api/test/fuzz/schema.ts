/**
 * Values from a JSON Schema of the OpenAPI document: a valid one (with real values where a field's
 * name says what it holds), and one that breaks exactly one field, nested objects and arrays included.
 */
import fc from 'fast-check';
import type { Rng } from './rng';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  nullable?: boolean;
};

/** Real values for a field, by its name (and the call's path): ids of rows that exist, codes that work. */
type Hints = (name: string, schema: JsonSchema) => readonly unknown[] | undefined;

/** Strings every parser should survive. */
export const NASTY = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '😀',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '-1',
  '1e309',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'true',
  'null',
  '__proto__',
  'constructor',
  '',
  ' ',
  '\u202e\u0301',
  'x'.repeat(5_000),
] as const;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.é';
const PATTERN_SAMPLES = 24;

export class SchemaValues {
  private readonly patternCache = new Map<string, string[]>();

  constructor(
    private readonly rng: Rng,
    private readonly resolve: (schema: JsonSchema) => JsonSchema,
    private readonly hints: Hints,
    private readonly seed: number,
    /** Field names whose values only come from the hints (e.g. links, which the server would fetch). */
    private readonly hintedOnly: ReadonlySet<string> = new Set(),
  ) {}

  /** The schema's first non-null type. */
  typeOf(schema: JsonSchema): string | undefined {
    const s = this.resolve(schema);
    if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
    if (s.type) return s.type;
    if (s.properties || s.additionalProperties) return 'object';
    if (s.items) return 'array';
    return undefined;
  }

  private branches(schema: JsonSchema): JsonSchema[] | undefined {
    const s = this.resolve(schema);
    const union = s.anyOf ?? s.oneOf;
    return union?.filter((branch) => this.resolve(branch).type !== 'null');
  }

  /** Strings matching a pattern (a few per pattern, seeded). */
  private matching(pattern: string): string[] {
    let samples = this.patternCache.get(pattern);
    if (!samples) {
      try {
        samples = fc.sample(fc.stringMatching(new RegExp(pattern)), { seed: this.seed, numRuns: PATTERN_SAMPLES });
      } catch {
        samples = ['x'];
      }
      this.patternCache.set(pattern, samples);
    }
    return samples;
  }

  private uuid(): string {
    const hex = Array.from({ length: 32 }, () => '0123456789abcdef'[this.rng.int(16)]).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }

  private text(min: number, max: number): string {
    const longest = Math.min(max, min + 24);
    const length = max <= 5_000 && this.rng.chance(0.1) ? max : this.rng.between(min, Math.max(min, longest));
    let text = '';
    for (let i = 0; i < length; i++) text += ALPHABET[this.rng.int(ALPHABET.length)];
    return text;
  }

  /** A value the schema accepts; `name` is the field's (or the parameter's) name. */
  valid(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
    if (!schema) return this.text(0, 10);
    const s = this.resolve(schema);
    const hinted = this.hints(name, s);
    if (hinted && hinted.length > 0 && (this.hintedOnly.has(name) || this.rng.chance(0.85))) return this.rng.pick(hinted);
    if (s.const !== undefined) return s.const;
    if (s.enum) return this.rng.pick(s.enum.filter((value) => value !== null));
    const branches = this.branches(s);
    if (branches && branches.length > 0) return this.valid(this.rng.pick(branches), name, depth);
    if (s.allOf?.length) return this.valid(s.allOf[0], name, depth);
    switch (this.typeOf(s)) {
      case 'string': {
        if (s.format === 'uuid') return this.uuid();
        if (s.format === 'email') return `fuzz.${this.rng.int(1e9)}@example.com`;
        if (s.format === 'date') return `19${this.rng.between(10, 99)}-0${this.rng.between(1, 9)}-1${this.rng.between(0, 9)}`;
        if (s.format === 'date-time') return `2031-0${this.rng.between(1, 9)}-1${this.rng.between(0, 9)}T0${this.rng.between(0, 9)}:00:00Z`;
        if (s.format === 'uri') return `https://example.com/${this.text(1, 10).replace(/[^a-z0-9]/gi, '')}`;
        if (s.pattern) return this.rng.pick(this.matching(s.pattern));
        return this.text(s.minLength ?? 0, s.maxLength ?? 40);
      }
      case 'integer':
      case 'number': {
        const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
        const high = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : low + 1_000);
        const near = this.rng.between(low, Math.max(low, Math.min(high, low + 100)));
        const whole = this.rng.weighted([
          [6, near],
          [1, low],
          [1, high],
        ]);
        if (this.typeOf(s) === 'number' && whole < high && this.rng.chance(0.3)) return whole + this.rng.int(100) / 100;
        return whole;
      }
      case 'boolean':
        return this.rng.chance(0.5);
      case 'null':
        return null;
      case 'array': {
        if (depth > 4) return [];
        const count = this.rng.between(s.minItems ?? 0, Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)));
        const items = Array.from({ length: count }, () => this.valid(s.items, name, depth + 1));
        return s.uniqueItems ? [...new Set(items)] : items;
      }
      case 'object': {
        if (depth > 4) return {};
        const value: Record<string, unknown> = {};
        const required = new Set(s.required ?? []);
        for (const [key, property] of Object.entries(s.properties ?? {})) {
          if (required.has(key) || this.rng.chance(0.7)) value[key] = this.valid(property, key, depth + 1);
        }
        if (typeof s.additionalProperties === 'object' && Object.keys(s.properties ?? {}).length === 0) {
          const keys = this.hints(`${name}[key]`, s) ?? (s.propertyNames?.pattern ? this.matching(s.propertyNames.pattern) : ['k1', 'k2']);
          const count = this.rng.between(required.size > 0 ? 1 : 0, 2) || 1;
          for (let i = 0; i < count; i++) value[String(this.rng.pick(keys))] = this.valid(s.additionalProperties, name, depth + 1);
        }
        return value;
      }
      default:
        return this.rng.chance(0.5) ? this.text(0, 20) : this.rng.int(100);
    }
  }

  /** A value the schema refuses (or `undefined`: leave the field out), aimed at its limits. */
  bad(schema: JsonSchema | undefined, name = ''): unknown {
    const s = schema ? this.resolve(schema) : {};
    const candidates: unknown[] = [undefined, null, true, 0, -1, 0.5, 2 ** 53, [], {}, this.rng.pick(NASTY)];
    const type = this.typeOf(s);
    if (s.enum) candidates.push('not-one-of-them', String(s.enum[0]).toUpperCase(), ` ${String(s.enum[0])}`);
    if (type === 'string') {
      if (s.maxLength !== undefined) candidates.push('x'.repeat(s.maxLength + 1), '😀'.repeat(s.maxLength + 1));
      if (s.minLength) candidates.push('x'.repeat(s.minLength - 1));
      if (s.pattern || s.format) candidates.push('not it', `${String(this.valid(s, name))}\u0000`, `<${String(this.valid(s, name))}>`);
      if (s.format === 'uuid') candidates.push(this.uuid(), this.uuid().toUpperCase(), '00000000-0000-0000-0000-000000000000');
      candidates.push(12345, this.rng.pick(NASTY), this.rng.pick(NASTY));
    }
    if (type === 'integer' || type === 'number') {
      if (s.maximum !== undefined) candidates.push(s.maximum + 1, s.maximum + 0.5);
      if (s.minimum !== undefined) candidates.push(s.minimum - 1, s.minimum - 0.5);
      candidates.push('1', '12abc', 1.5, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2);
    }
    if (type === 'array') {
      const item = this.valid(s.items, name, 1);
      if (s.maxItems !== undefined) candidates.push(Array.from({ length: s.maxItems + 1 }, () => item));
      if (s.uniqueItems) candidates.push([item, item]);
      candidates.push([this.bad(s.items, name)], 'x', [[item]]);
    }
    if (type === 'object') {
      candidates.push([], 'x', { ['__proto__']: { admin: true } }, { constructor: { prototype: 1 } });
      if (typeof s.additionalProperties === 'object') {
        const valid = this.valid(s, name) as Record<string, unknown>;
        const key = Object.keys(valid)[0] ?? 'SG';
        candidates.push({ [key]: this.bad(s.additionalProperties, name) }, { 'not a key': this.valid(s.additionalProperties, name, 1) });
      }
    }
    return this.rng.pick(candidates);
  }

  /**
   * Every place of `value` one mutation can aim at, with its schema: each property of each object
   * (and each declared one that is absent) and each element of each array, at any depth.
   */
  targets(value: unknown, schema: JsonSchema | undefined, path: (string | number)[] = [], out: Target[] = []): Target[] {
    if (!schema) return out;
    let s = this.resolve(schema);
    const branches = this.branches(s);
    if (branches) {
      const matching = branches.find((branch) => jsonType(value) === this.typeOf(branch)) ?? branches[0];
      if (!matching) return out;
      s = this.resolve(matching);
    }
    if (Array.isArray(value) && s.items) {
      value.forEach((item, i) => {
        out.push({ path: [...path, i], schema: s.items! });
        this.targets(item, s.items, [...path, i], out);
      });
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const names = new Set([...Object.keys(s.properties ?? {}), ...Object.keys(record)]);
      for (const key of names) {
        const property = s.properties?.[key] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
        out.push({ path: [...path, key], schema: property ?? {} });
        if (key in record) this.targets(record[key], property, [...path, key], out);
      }
    }
    return out;
  }
}

interface Target {
  path: (string | number)[];
  schema: JsonSchema;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** `value` with the place at `path` set to `replacement` (left out when `undefined`); `value` itself unchanged. */
export function withReplaced(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...(value as unknown[])];
    if (replacement === undefined && rest.length === 0) copy.splice(head as number, 1);
    else copy[head as number] = withReplaced(copy[head as number], rest, replacement);
    return copy;
  }
  const record = { ...(value as Record<string, unknown>) };
  if (replacement === undefined && rest.length === 0) delete record[head as string];
  else
    Object.defineProperty(record, head as string, {
      value: withReplaced(record[head as string], rest, replacement),
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return record;
}
