/**
 * Fuzz test of the whole API: every operation of the OpenAPI document (so new routes are covered
 * without listing them), signed in with a valid anti-forgery pair, sent generated bad input from a
 * seeded generator. No answer may be a 5xx, and every error answer must carry the envelope.
 * Reproduce a failure with FUZZ_SEED=<the seed printed>.
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFTED_LIMITS, createVerifiedUser, signedInClient, staffClient, type TestUser } from './accounts';
import { createTestApp, type TestApp } from './helpers';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
/** Requests per operation; with ~50 operations this is well over 3,000 per run. */
const PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 70);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: string[];
  bodyKeys: string[];
  hasBody: boolean;
}

/** The operations of the OpenAPI document, with their query parameter names and body property names. */
function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as {
    paths: Record<
      string,
      Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: unknown }> } }>
    >;
    components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> };
  };
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/docs')) continue; // the reference's own pages
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema as
        { $ref?: string; properties?: Record<string, unknown> } | undefined;
      const resolved = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
      result.push({
        method: upper as Operation['method'],
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(resolved?.properties ?? {}),
        hasBody: op.requestBody !== undefined || upper === 'POST' || upper === 'PUT',
      });
    }
  }
  return result;
}

// Generators of bad input.
const nasty = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '😀',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00',
  '%ZZ',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '-1',
  '1e309',
  'NaN',
  'Infinity',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '',
  ' ',
);
const text = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 2_000, maxLength: 20_000 }).map((s) => s.padEnd(2_000, 'x')),
);
const numberish = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 999, 1000, 2 ** 31, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e21, 0.5, -0.0),
  fc.double(),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: numberish },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
);

type Shape = { kind: 'json'; body: unknown } | { kind: 'raw'; body: string; type: string };

function bodies(keys: string[]): fc.Arbitrary<Shape> {
  const known = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant('name');
  const fields = fc.dictionary(fc.oneof(known, text, fc.constantFrom('__proto__', 'constructor', 'prototype')), value, { maxKeys: 6 });
  return fc.oneof(
    { weight: 6, arbitrary: fields.map((body): Shape => ({ kind: 'json', body })) },
    { weight: 2, arbitrary: fc.jsonValue().map((body): Shape => ({ kind: 'json', body })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{"a":', '{"__proto__":{"admin":true}}', '[1,2', 'null', '"\\ud800"', '{"x":"\\u0000"}', '', 'nan', '{"a":1}{"b":2}')
        .map((body): Shape => ({ kind: 'raw', body, type: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/xml',
            'application/json; charset=latin1',
            'nonsense',
          ),
          text,
        )
        .map(([type, body]): Shape => ({ kind: 'raw', body, type })),
    },
  );
}

/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate becomes U+FFFD, as a browser sends it). */
const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

function requestArbitrary(op: Operation): fc.Arbitrary<InjectOptions> {
  const pathParams = (op.path.match(/\{[^}]+\}/g) ?? []).map(() => text);
  const queryNames = op.query.length > 0 ? fc.constantFrom(...op.query) : fc.constant('q');
  const query = fc.array(fc.tuple(fc.oneof(queryNames, text), text), { maxLength: 5 });
  return fc
    .record({ params: fc.tuple(...pathParams), query, body: op.hasBody ? bodies(op.bodyKeys) : fc.constant(undefined) })
    .map(({ params, query, body }) => {
      let i = 0;
      const path = op.path.replace(/\{[^}]+\}/g, () => percentEncode(String(params[i++] ?? '')).slice(0, 3_000));
      const search = new URLSearchParams(query.map(([k, v]): [string, string] => [k, v])).toString();
      const options: InjectOptions = { method: op.method, url: search ? `${path}?${search}` : path, headers: {} };
      if (body?.kind === 'json') {
        options.payload = JSON.stringify(body.body) ?? 'null';
        options.headers = { 'content-type': 'application/json' };
      } else if (body?.kind === 'raw') {
        options.payload = body.body;
        options.headers = { 'content-type': body.type };
      }
      return options;
    });
}

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: LIFTED_LIMITS });
  user = await createVerifiedUser(t.app);
});
afterAll(() => t?.close());

describe('fuzzing every operation of the OpenAPI document', () => {
  it(`answers no 5xx and an envelope on every error (seed ${SEED})`, async () => {
    const ops = operations(t.app);
    expect(ops.length).toBeGreaterThan(40);
    const problems: string[] = [];
    let sent = 0;
    for (const [index, op] of ops.entries()) {
      // A fresh session per operation: an earlier one may have signed itself out. Back-office calls
      // are made as an owner with two-factor passed, so their input is reached, not just their guard.
      const client = op.path.startsWith('/admin')
        ? (await staffClient(t.app, 'owner', t.clock.now)).client
        : await signedInClient(t.app, user);
      const cookie = client.cookieHeader();
      const xsrf = client.cookies.get('XSRF-TOKEN') ?? '';
      for (const options of fc.sample(requestArbitrary(op), { seed: SEED + index, numRuns: PER_OPERATION })) {
        const answer = await t.app.inject({ ...options, headers: { ...options.headers, cookie, 'x-xsrf-token': xsrf } });
        sent++;
        const label = `${options.method} ${String(options.url).slice(0, 120)} ${String(options.payload ?? '').slice(0, 120)}`;
        if (answer.statusCode >= 500) problems.push(`${answer.statusCode} ${label}: ${answer.body.slice(0, 200)}`);
        else if (answer.statusCode >= 400) {
          let body: { errorCode?: unknown; error?: unknown; params?: unknown } | undefined;
          try {
            body = answer.json();
          } catch {
            body = undefined;
          }
          if (typeof body?.errorCode !== 'string' || typeof body.error !== 'string' || !Array.isArray(body.params)) {
            problems.push(`${answer.statusCode} without the envelope: ${label}: ${answer.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThanOrEqual(3_000);
    expect(problems, `seed ${SEED}: ${problems.length} bad answers`).toEqual([]);
  }, 600_000);
});
