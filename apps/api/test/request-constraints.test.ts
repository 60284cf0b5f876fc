import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, type EndpointSchemas } from '@kedai/contract';
import { documentOfEndpointList } from './support/endpoint-document';

/**
 * Request fields checked by the domain (`checkedByDomain`) pass any JSON value through the schema,
 * so the OpenAPI document only shows what their meta says. That meta carries the domain's own
 * limits (lengths, ranges, patterns, enums, formats), so the document, the fuzzer and generated
 * clients see the real shape. Each field left without one is named below with the reason.
 * (Counted per operation, a boolean's type being its constraint: 103 of the 136 fields had none
 * before issue 26, 1 after.)
 */

type JsonSchema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
};
type OpenApi = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Fields with no constraint on purpose, each with why (keyed `METHOD /path field`). */
const UNCONSTRAINED: Record<string, string> = {
  'POST /payment/stripe/card/pay card':
    "The cardholder's name inside it is free text, never refused (kept to its first 200 characters); its number, month, year and cvc are constrained",
};

/** The body fields of each call that `checkedByDomain` declares: `z.unknown()`, optional. */
function checkedByDomainFields(): { method: string; path: string; field: string }[] {
  const fields: { method: string; path: string; field: string }[] = [];
  for (const [key, schemas] of Object.entries(endpoints) as [string, EndpointSchemas][]) {
    const shape: Record<string, z.ZodType> | undefined = (schemas.body as z.ZodObject | undefined)?.shape;
    if (!shape) continue;
    const [method, url] = key.split(' ') as [string, string];
    for (const [field, type] of Object.entries(shape)) {
      let inner = type as unknown as { def: { type: string; innerType?: unknown } };
      while (inner.def.type === 'optional') inner = inner.def.innerType as typeof inner;
      if (inner.def.type === 'unknown') fields.push({ method, path: url.replace(/:(\w+)/g, '{$1}'), field });
    }
  }
  return fields;
}

const LIMITS = ['maxLength', 'pattern', 'format', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];

/**
 * Whether a schema says more than a bare type: a string with a length, pattern, format or values;
 * a number with a bound; an array with a bound on its length and constrained items; an object whose
 * properties (named or not) are constrained. A boolean has two values: its type is its constraint.
 */
function isConstrained(schema: JsonSchema | undefined, resolve: (s: JsonSchema) => JsonSchema): boolean {
  if (!schema) return false;
  const s = resolve(schema);
  if ('enum' in s || 'const' in s) return true;
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.every((branch) => resolve(branch).type === 'null' || isConstrained(branch, resolve));
  const type = Array.isArray(s.type) ? s.type.filter((t) => t !== 'null')[0] : s.type;
  switch (type) {
    case 'boolean':
      return true;
    case 'string':
      return LIMITS.some((key) => key in s);
    case 'integer':
    case 'number':
      return ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].some((key) => key in s);
    case 'array':
      return ('maxItems' in s || 'uniqueItems' in s) && isConstrained(s.items, resolve);
    case 'object': {
      const named = Object.values(s.properties ?? {});
      const rest = typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined;
      if (named.length === 0 && !rest) return false;
      return named.every((property) => isConstrained(property, resolve)) && (!rest || isConstrained(rest, resolve));
    }
    default:
      return false;
  }
}

describe('request fields checked by the domain', () => {
  it('carry the domain’s limits in the OpenAPI document, except the few named with a reason', async () => {
    const document = await documentOfEndpointList<OpenApi>();
    const resolve = (s: JsonSchema): JsonSchema => (s.$ref ? resolve(document.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s);
    const fields = checkedByDomainFields();
    const bare: string[] = [];
    for (const { method, path, field } of fields) {
      const body = document.paths[path]?.[method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
      const property = body ? resolve(body).properties?.[field] : undefined;
      expect(property, `${method} ${path} ${field} is in the document`).toBeDefined();
      if (!isConstrained(property, resolve)) bare.push(`${method} ${path} ${field}`);
    }
    console.log(`checkedByDomain request fields: ${fields.length}, without a constraint: ${bare.length}`);
    expect(fields.length).toBeGreaterThan(100);
    expect(bare.filter((key) => !(key in UNCONSTRAINED))).toEqual([]);
    // The allow-list holds only fields still bare.
    expect(Object.keys(UNCONSTRAINED).filter((key) => !bare.includes(key))).toEqual([]);
  });

  it('tells a constrained schema from a bare one', () => {
    const same = (s: JsonSchema) => s;
    expect(isConstrained({ type: 'string' }, same)).toBe(false);
    expect(isConstrained({ type: 'string', description: 'at most 500 characters' }, same)).toBe(false);
    expect(isConstrained({ type: 'string', maxLength: 500 }, same)).toBe(true);
    expect(isConstrained({ type: 'integer' }, same)).toBe(false);
    expect(isConstrained({ type: 'integer', minimum: 1 }, same)).toBe(true);
    expect(isConstrained({ anyOf: [{ type: 'integer', maximum: 9 }, { type: 'string' }] }, same)).toBe(false);
    expect(isConstrained({ type: 'array', items: { type: 'string', format: 'uuid' } }, same)).toBe(false);
    expect(isConstrained({ type: 'array', maxItems: 3, items: { type: 'string', format: 'uuid' } }, same)).toBe(true);
    expect(isConstrained({ type: 'object' }, same)).toBe(false);
    expect(isConstrained({ type: 'object', additionalProperties: { type: 'integer', minimum: 0 } }, same)).toBe(true);
    expect(isConstrained({ type: 'boolean' }, same)).toBe(true);
  });
});
