import { fc } from '@fast-check/vitest';

/**
 * Generators of hostile input for the route fuzz suite (routes.fuzz.test.ts). Each part of a request
 * (body, query, extra headers, path segments, credentials) is generated on its own, mostly near
 * valid, so a fault in one part is reached with the others good enough to get past it.
 */

/** Every name Object.prototype has (`__proto__`, `constructor`, `toString`, …): input that becomes a key must never meet one. */
export const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** Text of every kind: ASCII, any Unicode grapheme, and raw UTF-16 code units (lone surrogates included). */
export const anyText = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ unit: 'grapheme-ascii', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom(...PROTOTYPE_NAMES),
  );

/**
 * A huge string: past every field's limit (500), up to 16,384 UTF-16 units, at most 96 KB as JSON text,
 * so a body with six of them stays under the local server's 1 MB limit (past it: an undocumented 413).
 */
export const hugeText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', '9', ' ', 'é', '😀', '\u0000', '\u202e', 'ab'), fc.integer({ min: 501, max: 16_384 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/**
 * A long string for the request line and headers: 300 characters at most (2.7 KB percent-encoded), so
 * a request with all its parts long stays under Node's 16 KB header limit (past it Node answers 431
 * itself, before the API sees the request).
 */
export const longText: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', '9', ' ', 'é', '😀', '\u202e', 'ab'), fc.integer({ min: 100, max: 300 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/**
 * One JSON value as request text: wrong types, edge numbers (JSON's own `1e999` parses to Infinity),
 * number-like strings, Unicode, huge strings, nested values, Object.prototype names.
 */
export const weirdJsonValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-0',
    '-1',
    '1.5',
    '1e999',
    '-1e999',
    '1e-400',
    '9007199254740993',
    '-9007199254740993',
    '1e21',
    '[]',
    '{}',
    '""',
    '" "',
    '"\\u0000"',
    '"NaN"',
    '"Infinity"',
    '"-1"',
    '"1e3"',
    '"12.97"',
    '"0x10"',
    '"1234"',
    '"+91 98765 43210"',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
  ),
  fc.double().map((n) => JSON.stringify(n)),
  fc.integer().map(String),
  anyText().map((text) => JSON.stringify(text)),
  hugeText.map((text) => JSON.stringify(text)),
  fc.uuid().map((id) => JSON.stringify(id)),
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
);

/** A JSON object's text from its entries, as sent: duplicate names and `__proto__` stay as written. */
export function objectText(entries: ReadonlyArray<readonly [string, string]>): string {
  return `{${entries.map(([name, value]) => `${JSON.stringify(name)}:${value}`).join(',')}}`;
}

/** A field name a client might send: one of the schema's own, an Object.prototype name, or anything. */
const fieldName = (known: readonly string[]) =>
  fc.oneof(...(known.length > 0 ? [fc.constantFrom(...known)] : []), fc.constantFrom(...PROTOTYPE_NAMES), anyText(20));

type Mutation = { kind: 'set'; field: string; value: string } | { kind: 'add'; field: string; value: string } | { kind: 'delete'; field: string };

/**
 * A valid body (fields as JSON text) with up to four mutations: a field set to a weird value, a field
 * added (again, or unknown), a field removed. Half are the valid body itself, so the use case
 * behind the validation is reached too.
 */
export function mutatedBody(valid: Readonly<Record<string, string>>): fc.Arbitrary<string> {
  const known = Object.keys(valid);
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...known), value: weirdJsonValue }),
    fc.record({ kind: fc.constant('add' as const), field: fieldName(known), value: weirdJsonValue }),
    fc.record({ kind: fc.constant('delete' as const), field: fc.constantFrom(...known) }),
  );
  const mutations = fc.oneof({ weight: 1, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 4 }) });
  return mutations.map((applied) => {
    let entries: Array<[string, string]> = Object.entries(valid);
    for (const m of applied) {
      if (m.kind === 'delete') entries = entries.filter(([name]) => name !== m.field);
      else if (m.kind === 'add') entries.push([m.field, m.value]);
      else entries = entries.map(([name, value]) => [name, name === m.field ? m.value : value]);
    }
    return objectText(entries);
  });
}

/** Bodies that are not JSON, or JSON of the wrong kind: empty, truncated, single values, deep nesting, a BOM, forms. */
export const rawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\n\t',
    'null',
    '[]',
    '{}',
    '"x"',
    '0',
    'true',
    '{',
    '{"a":',
    '}',
    'NaN',
    '{"a":NaN}',
    "{'a':1}",
    '{"a":1,}',
    '\ufeff{}',
    '<xml/>',
    'a=1&b=2',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
    `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    '['.repeat(20_000),
  ),
  anyText(200),
  fc.json({ maxDepth: 3 }),
  fc.dictionary(fieldName([]), weirdJsonValue, { maxKeys: 6 }).map((record) => objectText(Object.entries(record))),
);

/** A query string (with its `?`): names and values, or raw text (fetch percent-encodes what a URL cannot hold). */
export function queryString(known: Readonly<Record<string, readonly string[]>>): fc.Arbitrary<string> {
  const names = Object.keys(known);
  const validValues = Object.values(known).flat();
  const name = names.length > 0 ? fc.oneof(fc.constantFrom(...names), anyText(20)) : anyText(20);
  const value = fc.oneof(
    ...(validValues.length > 0 ? [fc.constantFrom(...validValues)] : []),
    fc.constantFrom('', '-1', '0', '1.5', '1e3', 'NaN', 'Infinity', '0x10', ' 1', '1 ', '99999999999999999999', '%zz'),
    fc.integer().map(String),
    fc.double().map(String),
    anyText(40),
  );
  const wellFormed = (text: string) => text.toWellFormed();
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    {
      weight: 5,
      arbitrary: fc
        .array(fc.tuple(name, value), { minLength: 1, maxLength: 4 })
        .map((pairs) => `?${new URLSearchParams(pairs.map(([n, v]): [string, string] => [wellFormed(n), wellFormed(v)]))}`),
    },
    { weight: 1, arbitrary: fc.tuple(name, longText).map(([n, v]) => `?${new URLSearchParams([[wellFormed(n), v]])}`) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }).map((text) => `?${text}`) },
  );
}

// Headers that frame the request itself: fetch refuses or overrides them, and the connection's framing is not the API's.
const TRANSPORT_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer']);

/** A header name fetch accepts (an HTTP token), often one the API or a proxy reads. */
const headerName: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      'Content-Type',
      'Accept',
      'Accept-Encoding',
      'Idempotency-Key',
      'X-Api-Key',
      'Authorization',
      'X-Forwarded-For',
      'X-Request-Id',
      'X-Amzn-Trace-Id',
      'X-HTTP-Method-Override',
      'Cookie',
      'Origin',
      'Range',
      ...PROTOTYPE_NAMES,
    ),
    fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,40}$/),
  )
  .filter((name) => !TRANSPORT_HEADERS.has(name.toLowerCase()) && !name.toLowerCase().startsWith('proxy-'));

/** Header value characters fetch accepts: tab, visible ASCII and space, and Latin-1's upper half (obs-text). */
const headerChar = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.constant(0x09) },
    { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
  )
  .map((code) => String.fromCharCode(code));

/** A header value; a long one is at most 1,500 bytes (four of them and the URL stay under Node's 16 KB header limit). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: headerChar, maxLength: 100 }),
  fc.constantFrom('', 'application/json', 'text/plain', 'application/json; charset=utf-16', 'multipart/form-data; boundary=x', 'gzip', 'null', '0'),
  fc
    .tuple(fc.string({ unit: headerChar, minLength: 1, maxLength: 4 }), fc.integer({ min: 100, max: 1_500 }))
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)),
);

/** Up to four extra headers (added with `append`, so one the request already has gets a second value). */
export const extraHeaders: fc.Arbitrary<Array<[string, string]>> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Array<[string, string]>>([]) },
  { weight: 2, arbitrary: fc.array(fc.tuple(headerName, headerValue), { minLength: 1, maxLength: 4 }) },
);

/** A path segment as sent: already encoded (`%zz` and friends stay as they are), never a `/`, `?` or `#`. */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => `${id}0`),
  fc.uuid().map((id) => id.slice(0, 35)),
  fc.uuid().map((id) => `{${id}}`),
  fc.uuid().map((id) => id.replaceAll('-', '')),
  fc.uuid().map((id) => `${id.slice(0, 9)}g${id.slice(10)}`),
  fc.constantFrom(
    ...PROTOTYPE_NAMES,
    '.',
    '..',
    '...',
    '%',
    '%zz',
    '%00',
    '%2F',
    '%2e%2e',
    '%20',
    'null',
    'undefined',
    '0',
    '-1',
    'pickup',
    'PICKUP',
    'Delivery',
  ),
  anyText(80).map((text) => encodeURIComponent(text.toWellFormed())),
  longText.map((text) => encodeURIComponent(text.toWellFormed())),
);

/** A credential's text that is not a key: empty, spaces, random text, near misses of the key formats. */
export const notAKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'undefined', 'mdk_live_', 'fk_rider_', 'fk_ops_', 'Bearer', 'Bearer ', 'Basic Zm9vOmJhcg=='),
  fc.string({ unit: headerChar, maxLength: 80 }),
  fc.stringMatching(/^[0-9A-Za-z]{31,33}$/).map((tail) => `mdk_live_${tail}`),
  fc.stringMatching(/^[0-9A-Za-z]{31,33}$/).map((tail) => `fk_rider_${tail}`),
);

/** A key of the right form that was never issued (the lookup finds nothing). */
export const unknownMerchantKey = fc.stringMatching(/^[0-9A-Za-z]{32}$/).map((tail) => `mdk_live_${tail}`);
export const unknownFleetKey = fc.tuple(fc.constantFrom('rider', 'ops'), fc.stringMatching(/^[0-9A-Za-z]{32}$/)).map(([role, tail]) => `fk_${role}_${tail}`);

/** Ways to write `Authorization` around a fleet key: only the first two are the right scheme. */
export const bearerForms = ['Bearer %s', 'bearer   %s', 'Basic %s', '%s', 'Bearer %s extra', 'Token %s', 'Bearer "%s"'] as const;
