/**
 * Bad requests derived from the OpenAPI document: for every operation, a plausible body and query
 * that touch no real record, then that body with one value at a time made wrong (type, range,
 * length, pattern, enum), a required value left out, an unknown one added, bodies that are not
 * what their content type says, unknown query parameters, over-long path parameters and headers.
 * Deterministic: every choice comes from a seeded generator.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  $ref?: string;
};

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  description?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for a parameter. */
  path: string;
  pathParams: OpenApiParameter[];
  queryParams: OpenApiParameter[];
  body: JsonSchema | null;
  /** Takes a multipart file (said in its description, as the upload routes do). */
  multipart: boolean;
  auth: boolean;
}

export interface FuzzCase {
  label: string;
  method: string;
  /** Path and query, ready to append to the server's URL. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Sent over a bare socket: fetch refuses these (headers over Node's limit). */
  raw?: boolean;
  /** Sent without the caller's token. */
  anonymous?: boolean;
}

/** mulberry32: small, fast and the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Values the routes' examples use for path parameters, so the operation reaches past "not found". */
const PATH_EXAMPLES: Record<string, string> = { name: 'goods' };
/** An id no demo record has: a plausible body changes nothing real. */
const ABSENT_ID = 987_654;
const STRING_CANDIDATES = ['fuzz', 'fuzz_case', '13800000000', '123456', 'https://example.com/a', 'fuzz@example.com', '2026-01-01', 'FUZZ'];
/** Field names of the resources, for bodies whose values are free-form (`values` of a record). */
const FIELD_NAMES = ['name', 'sku', 'price_fen', 'status', 'image', 'id', 'team_id', 'created_by', 'version', 'stock', 'remark', 'logo'];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: op.requestBody?.content['application/json']?.schema ?? null,
        multipart: (op.description ?? '').includes('multipart/form-data'),
        auth: Array.isArray(op.security) && op.security.length > 0,
      });
    }
  }
  return operations;
}

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split('/').pop()!] ?? {};
}

const typesOf = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : [schema.type].flat());

function plausibleString(schema: JsonSchema): string {
  const fits = (s: string) =>
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
  if (schema.format === 'date') return '2026-01-01';
  const found = STRING_CANDIDATES.find(fits);
  if (found) return found;
  return 'f'.repeat(Math.max(schema.minLength ?? 4, 1)).slice(0, schema.maxLength ?? 64);
}

/** A value the schema takes that names nothing real. */
export function plausible(schema: JsonSchema, doc: OpenApiDocument, depth = 0): unknown {
  schema = resolve(schema, doc);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(alternatives[0], doc, depth);
  const type = typesOf(schema).find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return plausibleString(schema);
    case 'integer':
    case 'number':
      if (schema.maximum !== undefined) return schema.minimum ?? schema.maximum;
      return Math.max(schema.minimum ?? 0, ABSENT_ID);
    case 'boolean':
      return false;
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
      if (Array.isArray(schema.items)) return items.map((item) => plausible(item, doc, depth + 1));
      return Array.from({ length: schema.minItems ?? 0 }, () => plausible(items[0] ?? {}, doc, depth + 1));
    }
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(schema.properties ?? {})) out[key] = plausible(value, doc, depth + 1);
      return out;
    }
    default:
      return {};
  }
}

/** Values the schema refuses, or that a route must take apart with care. */
export function badValues(schema: JsonSchema, doc: OpenApiDocument, random: () => number): Array<[label: string, value: unknown]> {
  schema = resolve(schema, doc);
  const types = typesOf(schema);
  const out: Array<[string, unknown]> = [];
  const wrongType: unknown = types.includes('string') ? pick(random, [12345, true, ['x'], { x: 1 }]) : pick(random, ['abc', [], { nested: 'x' }]);
  out.push(['wrong type', wrongType]);
  if (!types.includes('null') && !schema.nullable) out.push(['null', null]);
  if (schema.enum || schema.anyOf || schema.oneOf) out.push(['not an option', pick(random, ['not-an-option', 99, -1])]);
  if (types.includes('string') || (!types.length && !schema.properties)) {
    out.push(['too long', 'x'.repeat((schema.maxLength ?? 20_000) + 1)]);
    if (schema.minLength) out.push(['too short', '']);
    out.push(['markup and control characters', `<script>alert(1)</script>\u0000\u202e😀${String.fromCharCode(0xd800)}'"; drop table users; --`]);
    out.push(['path traversal', '../../../../etc/passwd']);
  }
  if (types.includes('integer') || types.includes('number')) {
    if (schema.minimum !== undefined) out.push(['below minimum', schema.minimum - 1]);
    if (schema.maximum !== undefined) out.push(['above maximum', schema.maximum + 1]);
    out.push(['huge', pick(random, [2 ** 53 + 2, 1e308, -(2 ** 63)])]);
    if (types.includes('integer')) out.push(['fraction', 1.5]);
  }
  if (types.includes('array')) {
    out.push(['too many items', Array.from({ length: (schema.maxItems ?? 5_000) + 1 }, (_, i) => i)]);
    out.push(['items of the wrong type', [{ deep: { deeper: ['x'] } }, null, 'x']]);
  }
  if (types.includes('object') || schema.properties) {
    out.push(['empty object', {}]);
    out.push(['prototype keys', JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}') as unknown]);
  }
  return out;
}

/** Bodies with one thing wrong, each labelled with what. */
export function bodyCases(schema: JsonSchema, doc: OpenApiDocument, random: () => number): Array<[label: string, body: unknown]> {
  const base = plausible(schema, doc) as Record<string, unknown>;
  const cases: Array<[string, unknown]> = [['plausible body', base]];
  const object = resolve(schema, doc);
  for (const [key, property] of Object.entries(object.properties ?? {})) {
    for (const [label, value] of badValues(property, doc, random)) cases.push([`${key}: ${label}`, { ...base, [key]: value }]);
    const inner = resolve(property, doc);
    // One level further in: a definition's name, a filter's field.
    for (const [innerKey, innerProperty] of Object.entries(inner.properties ?? {})) {
      const [label, value] = pick(random, badValues(innerProperty, doc, random));
      cases.push([`${key}.${innerKey}: ${label}`, { ...base, [key]: { ...(base[key] as object), [innerKey]: value } }]);
    }
    if (inner.additionalProperties !== undefined && inner.additionalProperties !== false && !inner.properties) {
      for (const field of FIELD_NAMES) {
        const [label, value] = pick(random, badValues({}, doc, random));
        cases.push([`${key}.${field}: ${label}`, { ...base, [key]: { [field]: value } }]);
      }
    }
  }
  for (const key of object.required ?? []) {
    const rest = { ...base };
    delete rest[key];
    cases.push([`without ${key}`, rest]);
  }
  cases.push(['unknown property', { ...base, fuzz_unknown: 'x' }]);
  for (const whole of [null, [], 'text', 42, true]) cases.push([`body ${JSON.stringify(whole)}`, whole]);
  return cases;
}

const MALFORMED_BODIES: Array<[label: string, contentType: string, body: string]> = [
  ['broken JSON', 'application/json', '{"a": '],
  ['empty JSON', 'application/json', ''],
  ['JSON with a BOM and trailing text', 'application/json', '\ufeff{"a":1} trailing'],
  ['deeply nested JSON', 'application/json', '['.repeat(5_000) + ']'.repeat(5_000)],
  ['prototype pollution', 'application/json', '{"__proto__": {"admin": true}}'],
  ['constructor pollution', 'application/json', '{"constructor": {"prototype": {"admin": true}}}'],
  ['plain text', 'text/plain', 'hello'],
  ['form encoded', 'application/x-www-form-urlencoded', 'a=1&b[c]=2'],
  ['XML', 'application/xml', '<?xml version="1.0"?><a/>'],
  ['no boundary', 'multipart/form-data', 'abc'],
  ['mismatched boundary', 'multipart/form-data; boundary=XYZ', '--ABC\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc\r\n--ABC--\r\n'],
  ['truncated part', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nname\r\nabc'],
  ['multipart with a field, no file', 'multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--XYZ--\r\n'],
  ['JSON with a charset nobody speaks', 'application/json; charset=klingon', '{}'],
];

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? 'fuzz'));
}

/** Every bad request for one operation. */
export function casesFor(op: Operation, doc: OpenApiDocument, random: () => number): FuzzCase[] {
  const params = Object.fromEntries(op.pathParams.map((p) => [p.name, PATH_EXAMPLES[p.name] ?? plausibleString(p.schema)]));
  const query = Object.fromEntries(op.queryParams.filter((p) => p.required).map((p) => [p.name, String(plausible(p.schema, doc))]));
  const url = (pathParams = params, search: Record<string, string> = query, raw = '') => {
    const qs = new URLSearchParams(search).toString();
    return fill(op.path, pathParams) + (qs ? `?${qs}` : '') + raw;
  };
  const json = { 'content-type': 'application/json' };
  const bodyless = op.method === 'GET' || op.method === 'HEAD';
  const plausibleBody = op.body ? JSON.stringify(plausible(op.body, doc)) : undefined;
  const cases: FuzzCase[] = [];
  const add = (label: string, c: Omit<FuzzCase, 'label' | 'method'> & { method?: string }) => cases.push({ method: op.method, ...c, label });

  if (op.body) {
    for (const [label, body] of bodyCases(op.body, doc, random)) add(label, { url: url(), headers: json, body: JSON.stringify(body) });
  } else {
    add('no body', { url: url(), headers: {} });
  }
  if (!bodyless) {
    for (const [label, contentType, body] of MALFORMED_BODIES) add(label, { url: url(), headers: { 'content-type': contentType }, body });
    add('body over the limit', { url: url(), headers: json, body: JSON.stringify({ padding: 'x'.repeat(1_100_000) }) });
  }
  for (const p of op.queryParams) {
    for (const [label, value] of badValues(p.schema, doc, random).slice(0, 4)) {
      add(`query ${p.name}: ${label}`, { url: url(params, { ...query, [p.name]: typeof value === 'string' ? value.slice(0, 6_000) : JSON.stringify(value) }), headers: json, body: plausibleBody });
    }
  }
  add('unknown query parameters', { url: url(params, query, `${Object.keys(query).length ? '&' : '?'}fuzz=1&__proto__[admin]=1&a[b][c]=d&%zz=1`), headers: json, body: plausibleBody });
  for (const p of op.pathParams) {
    for (const [label, value] of [
      ['over the router limit', 'x'.repeat(150)],
      ['very long', 'y'.repeat(6_000)],
      ['upper case and dots', '../GOODS'],
      ['encoded slash and NUL', 'a/b\u0000c'],
      ['unicode', '商品😀'],
    ] as const) {
      add(`path ${p.name}: ${label}`, { url: url({ ...params, [p.name]: value }), headers: json, body: plausibleBody });
    }
  }
  add('wrong method', { method: op.method === 'GET' ? 'DELETE' : 'PUT', url: url(), headers: json, body: plausibleBody });
  add('long header', { url: url(), headers: { ...json, 'x-fuzz': 'h'.repeat(12_000), 'accept-language': 'en;q=abc, *' }, body: plausibleBody });
  add('headers over the limit', { url: url(), headers: { ...json, 'x-fuzz': 'h'.repeat(20_000) }, body: plausibleBody, raw: true });
  add('URL over the limit', { url: `${url()}${url().includes('?') ? '&' : '?'}q=${'u'.repeat(20_000)}`, headers: json, body: plausibleBody, raw: true });
  add('garbled authorization', { url: url(), headers: { ...json, authorization: pick(random, ['Bearer', 'Bearer  ', `Bearer ${'t'.repeat(5_000)}`, 'Basic YTpi', 'Bearer a.b.c']), cookie: 'refresh_token=%%%; a=' }, body: plausibleBody, anonymous: true });
  add('without a token', { url: url(), headers: bodyless ? {} : json, body: plausibleBody, anonymous: true });
  if (op.multipart) add('multipart file in the wrong field', { url: url(), headers: { 'content-type': 'multipart/form-data; boundary=XYZ' }, body: '--XYZ\r\nContent-Disposition: form-data; name="other"; filename="a.png"\r\n\r\nabc\r\n--XYZ--\r\n' });
  return cases;
}
