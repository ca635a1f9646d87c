/**
 * JSON Schema validation without generated code. The console's Content-Security-Policy has no
 * 'unsafe-eval', so ajv cannot compile a schema in the browser, and form schemas are made at run
 * time (a resource's valuesSchema, an admin's spec.schema), so they cannot be compiled ahead of time
 * either. @cfworker/json-schema interprets the schema instead; this module turns its output into
 * the errors ajv gives for the same schema and value (keyword, params, instancePath, schemaPath, the
 * English message, and ajv's order), so ajv-i18n words them and the form says what the server says.
 *
 * Departures from ajv, on purpose: a `oneOf` of consts (an enum field) that no option matches is one
 * `enum` error rather than a `const` error per option and a `oneOf` error, as the server reports it;
 * a `oneOf` that several branches match is an error, as the standard says (ajv lets three pass).
 */
import { dereference, encodePointer, initialBaseURI, validate, type OutputUnit, type Schema } from '@cfworker/json-schema';
import type { ErrorObject } from 'ajv';

type Node = Schema | boolean;
export type Lookup = Record<string, Node>;
/** Any JSON Schema (rjsf's, TypeBox's): cfworker reads the same keywords. */
export type AnySchema = object | boolean;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every schema of a document by its absolute URI, with each `$ref` resolved: what cfworker validates with. */
export function lookupOf(schema: AnySchema): Lookup {
  return dereference(schema as Node);
}

/**
 * The lookup for a schema that lives apart from the root its `$ref`s point into (rjsf asks about one
 * option of a oneOf, sometimes a copy of it): the root's schemas plus this one, filed under a pointer
 * of its own so it cannot clash with the root's.
 */
export function subschemaLookupOf(schema: AnySchema, rootLookup: Lookup): Lookup {
  return dereference(schema as Node, Object.assign(Object.create(null) as Lookup, rootLookup), initialBaseURI, '/__subschema');
}

/**
 * The value as JSON carries it: the form's data holds `undefined` for empty fields, which ajv treats
 * as absent. A value that is wholly missing (rjsf asks whether an empty field matches an option) is
 * checked as null, which every typed schema refuses as ajv refuses undefined.
 */
export function toJson(value: unknown): Json {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    const object: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) if (item !== undefined) object[key] = toJson(item);
    return object;
  }
  return value as Json;
}

/** True when the value passes; `lookup` comes from lookupOf/subschemaLookupOf for this schema. */
export function passes(schema: AnySchema, lookup: Lookup, value: unknown): boolean {
  // Short-circuiting: the first error is enough for a yes or no.
  return validate(toJson(value), schema as Node, '2019-09', lookup, true).valid;
}

/** ajv's errors (allErrors, verbose) for the value, in ajv's order, with ajv's English messages. */
export function schemaErrors(schema: AnySchema, lookup: Lookup, value: unknown): ErrorObject[] {
  const instance = toJson(value);
  // 2019-09: keywords beside a `$ref` apply, as in ajv 8; the other keywords read as in draft-07.
  const units = validate(instance, schema as Node, '2019-09', lookup, false).errors;
  const found: { error: ErrorObject; order: number[] }[] = [];
  /** Schema and data locations whose missing properties are already listed. */
  const listed = new Set<string>();
  const add = (at: Place, keyword: string, params: Record<string, unknown>, message: string, keywordValue: unknown = at.node[keyword]) =>
    found.push({
      error: { instancePath: at.instancePath, schemaPath: at.schemaPath, keyword, params, message, schema: keywordValue, parentSchema: at.node, data: at.data },
      order: at.order,
    });

  for (let i = 0; i < units.length; i++) {
    const unit = units[i];
    const { keyword } = unit;
    if (CONTAINERS.has(keyword)) continue;
    if (keyword === 'false') {
      // A `false` subschema: cfworker names it by the instance alone; the container before it says where.
      addFalse(units[i - 1], unit);
      continue;
    }
    const at = place(unit.keywordLocation, unit.instanceLocation, keyword);
    if (keyword === 'required' || keyword === 'dependencies') {
      // cfworker gives a unit per missing property; the first one stands for all of them, named from
      // the data in schema order rather than read from cfworker's sentences.
      const where = `${unit.keywordLocation} ${unit.instanceLocation}`;
      if (listed.has(where)) continue;
      listed.add(where);
      for (const entry of keyword === 'required' ? missingRequired(at) : missingDependencies(at)) add(at, keyword, entry.params, entry.message);
      continue;
    }
    if (keyword === 'additionalProperties' || keyword === 'additionalItems') {
      // Only a `false` there is an error of its own (the unit after names the property or item);
      // a schema there reports through its own keywords, as in ajv.
      if (at.node[keyword] !== false) continue;
      const extra = units[++i];
      if (keyword === 'additionalItems') {
        const limit = (at.node.items as unknown[]).length;
        add(at, keyword, { limit }, `must NOT have more than ${limit} items`);
      } else {
        add(at, keyword, { additionalProperty: lastToken(extra.instanceLocation) }, 'must NOT have additional properties');
      }
      continue;
    }
    if (keyword === 'oneOf' || keyword === 'anyOf') {
      // The branches' errors follow the unit that reports the choice as a whole.
      let end = i + 1;
      while (end < units.length && within(units[end], unit)) end++;
      const branches = at.node[keyword] as Node[];
      if (keyword === 'oneOf') {
        const failed = new Set(units.slice(i + 1, end).map((u) => branchOf(u.keywordLocation, unit.keywordLocation)));
        const passing = branches.map((_, n) => n).filter((n) => branches[n] !== false && !failed.has(String(n)));
        if (!passing.length && branches.every(isConst)) {
          // An enum field's options: one error naming the allowed values, not one per option.
          const allowedValues = branches.map((b) => (b as Schema).const as unknown);
          add(at, 'enum', { allowedValues }, 'must be equal to one of the allowed values', allowedValues);
          i = end - 1;
          continue;
        }
        add(at, keyword, { passingSchemas: passing.length ? passing.slice(0, 2) : null }, 'must match exactly one schema in oneOf');
      } else {
        add(at, keyword, {}, 'must match a schema in anyOf');
      }
      continue;
    }
    if (keyword === 'if') {
      const failingKeyword = units[i + 1]?.keywordLocation.startsWith(`${unit.keywordLocation.slice(0, -'/if'.length)}/else`) ? 'else' : 'then';
      add(at, keyword, { failingKeyword }, `must match "${failingKeyword}" schema`);
      continue;
    }
    const described = describe(keyword, at, unit.error);
    add(at, keyword, described.params, described.message);
  }

  // ajv checks a schema's keywords group by group (any type, number, string, array, object),
  // each group in its own order; cfworker goes its own way. A stable sort on where each error sits
  // in that walk gives ajv's order, ties (several required properties) keeping cfworker's.
  return found
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => compareOrder(a.order, b.order) || a.index - b.index)
    .map((entry) => entry.error);

  function addFalse(container: OutputUnit | undefined, unit: OutputUnit) {
    const at = container ? falsePlace(container, unit) : place('#', unit.instanceLocation, '');
    add({ ...at, schemaPath: `${at.schemaPath}/false schema` }, 'false schema', {}, 'boolean schema is false', false);
  }

  /**
   * Where a `false` subschema is: cfworker names only the data it refused, so the container unit
   * before it (properties, patternProperties, items) says which entry of the schema it is. Anywhere
   * else (a `false` branch of a oneOf) the error is placed at that unit.
   */
  function falsePlace(container: OutputUnit, unit: OutputUnit): Place {
    const value = place(container.keywordLocation, container.instanceLocation, container.keyword).node[container.keyword] as unknown;
    const key = lastToken(unit.instanceLocation);
    let entry: string | undefined;
    if (container.keyword === 'properties' || (container.keyword === 'items' && Array.isArray(value))) entry = `/${encodePointer(key)}`;
    else if (container.keyword === 'items') entry = '';
    else if (container.keyword === 'patternProperties') {
      const pattern = Object.keys(value as object).find((p) => new RegExp(p, 'u').test(key));
      if (pattern !== undefined) entry = `/${encodePointer(pattern)}`;
    }
    return entry === undefined
      ? place(container.keywordLocation, container.instanceLocation, container.keyword)
      : place(`${container.keywordLocation}${entry}/false`, unit.instanceLocation, 'false');
  }

  function place(keywordLocation: string, instanceLocation: string, keyword: string): Place {
    return locate(schema as Node, lookup, instance, keywordLocation, instanceLocation, keyword);
  }
}

/** Where an error sits: the schema holding its keyword, ajv's paths, the data there and the sort key. */
interface Place {
  node: Schema;
  schemaPath: string;
  instancePath: string;
  data: Json;
  order: number[];
}

/** cfworker's wrapper units: the keywords of their subschemas report the real reasons. */
const CONTAINERS = new Set(['properties', 'patternProperties', 'items', 'prefixItems', 'allOf', '$ref', '$recursiveRef', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems']);

/**
 * ajv 8's keywords in the order its vocabularies register them, which is the order it checks them
 * in, within the group of the data's type (lib/compile/rules.ts, lib/vocabularies/draft7.ts).
 */
const KEYWORD_ORDER = [
  '$ref',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'maxProperties',
  'minProperties',
  'required',
  'maxItems',
  'minItems',
  'const',
  'enum',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'if',
  'propertyNames',
  'additionalProperties',
  'dependencies',
  'properties',
  'patternProperties',
  'additionalItems',
  'items',
  'contains',
  // Registered earlier, but the array keywords above go before it (their definitions' `before`).
  'uniqueItems',
  'format',
];
const GROUP_KEYWORDS: Record<string, readonly string[]> = {
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'],
  string: ['maxLength', 'minLength', 'pattern', 'format'],
  array: ['maxItems', 'minItems', 'uniqueItems', 'additionalItems', 'items', 'contains'],
  object: ['maxProperties', 'minProperties', 'required', 'propertyNames', 'additionalProperties', 'dependencies', 'properties', 'patternProperties'],
};
/** The groups' order: type-independent keywords first. */
const GROUPS = ['', 'number', 'string', 'array', 'object'];
const STEP = KEYWORD_ORDER.length + 1;

function groupOf(keyword: string, data: Json): string {
  const type = typeof data === 'number' ? 'number' : typeof data === 'string' ? 'string' : Array.isArray(data) ? 'array' : data !== null && typeof data === 'object' ? 'object' : '';
  // `format` belongs to two groups; the data's type says which one ran.
  return GROUP_KEYWORDS[type]?.includes(keyword) ? type : (Object.keys(GROUP_KEYWORDS).find((group) => GROUP_KEYWORDS[group].includes(keyword)) ?? '');
}

function rank(keyword: string, data: Json): number {
  const own = keyword === 'then' || keyword === 'else' ? 'if' : keyword;
  return GROUPS.indexOf(groupOf(own, data)) * STEP + (KEYWORD_ORDER.indexOf(own) + 1);
}

/**
 * ajv reports a wrong type before every other keyword, unless the schema has a single type with
 * keywords of its own group: then in that group's place (lib/compile/validate/dataType.ts).
 */
function typeRank(node: Schema): number {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const group = types.length === 1 ? GROUP_KEYWORDS[types[0] as string] : undefined;
  if (!group?.some((keyword) => node[keyword] !== undefined)) return -1;
  return GROUPS.indexOf(types[0] as string) * STEP;
}

/** Errors of keywords that wrap subschemas come after their subschemas' errors, as ajv adds them. */
const AFTER_BRANCHES = new Set(['oneOf', 'anyOf', 'if']);

function compareOrder(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** JSON Pointer tokens (unescaped) of a cfworker location ("#/a/0"), whose tokens are also URI-encoded. */
function tokens(location: string): string[] {
  return location
    .split('/')
    .slice(1)
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'));
}
const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const lastToken = (location: string) => tokens(location).pop() ?? '';

/** Does the unit belong to a branch of the choice `of` reports (same or deeper data, deeper schema)? */
function within(unit: OutputUnit, of: OutputUnit): boolean {
  const deeper = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  return unit.keywordLocation.startsWith(`${of.keywordLocation}/`) && deeper(unit.instanceLocation, of.instanceLocation);
}
const branchOf = (keywordLocation: string, choice: string) => keywordLocation.slice(choice.length + 1).split('/')[0];
const isConst = (branch: Node) => typeof branch === 'object' && 'const' in branch;

const refTarget = (node: Schema, lookup: Lookup): Node => {
  const target = lookup[node.__absolute_ref__ ?? node.$ref ?? ''];
  if (target === undefined) throw new Error(`Unresolved $ref "${node.$ref}"`);
  return target;
};

/**
 * Walks a cfworker keyword location down the schema (following `$ref`s as ajv's schemaPath does)
 * and the instance location down the data, building ajv's schemaPath and the sort key on the way.
 */
function locate(root: Node, lookup: Lookup, instance: Json, keywordLocation: string, instanceLocation: string, keyword: string): Place {
  const steps = tokens(keywordLocation);
  const dataPath = tokens(instanceLocation);
  if (keyword) steps.pop();
  let node = root as Schema;
  let schemaPath = '#';
  let data = instance;
  let depth = 0;
  const order: number[] = [];
  const into = (...names: string[]) => {
    for (const name of names) schemaPath += `/${encodeURIComponent(escapeToken(name))}`;
  };
  /** The data one level down: properties, items and additional ones go into the instance. */
  const descend = () => {
    const key = dataPath[depth++];
    const ordinal = Array.isArray(data) ? Number(key) : Object.keys(data as object).indexOf(key);
    data = (data as Record<string, Json>)[key];
    return ordinal;
  };
  for (let i = 0; i < steps.length; ) {
    const step = steps[i];
    const here = rank(step, data);
    if (step === '$ref') {
      node = refTarget(node, lookup) as Schema;
      // ajv names errors inside a referenced schema by that schema's own place.
      const uri = String(node.__absolute_uri__ ?? '');
      schemaPath = uri.includes('#') ? `#${decodeURIComponent(uri.slice(uri.indexOf('#') + 1))}` : '#';
      order.push(here);
      i += 1;
    } else if (step === 'properties' || step === 'patternProperties' || step === 'dependencies' || step === 'dependentSchemas' || step === '$defs' || step === 'definitions') {
      const name = steps[i + 1];
      const map = node[step] as Record<string, Node>;
      order.push(here, Object.keys(map).indexOf(name));
      if (step === 'properties' || step === 'patternProperties') order.push(descend());
      node = map[name] as Schema;
      into(step, name);
      i += 2;
    } else if (step === 'items' && Array.isArray(node.items)) {
      const index = steps[i + 1];
      node = node.items[Number(index)] as Schema;
      order.push(here, descend());
      into(step, index);
      i += 2;
    } else if (step === 'allOf' || step === 'anyOf' || step === 'oneOf' || step === 'prefixItems') {
      const index = steps[i + 1];
      if (step === 'prefixItems') order.push(here, descend());
      else order.push(here, Number(index));
      node = (node[step] as Node[])[Number(index)] as Schema;
      into(step, index);
      i += 2;
    } else {
      // A single subschema: items, additionalItems/Properties, contains, propertyNames, not, if, then, else.
      const intoData = ['items', 'additionalItems', 'additionalProperties', 'contains', 'propertyNames'].includes(step);
      order.push(here, intoData ? descend() : 0);
      node = node[step] as Schema;
      into(step);
      i += 1;
    }
  }
  while (depth < dataPath.length) descend();
  if (keyword && keyword !== 'false') {
    order.push(keyword === 'type' ? typeRank(node) : rank(keyword, data), AFTER_BRANCHES.has(keyword) ? Infinity : 0);
    into(keyword);
  }
  const instancePath = dataPath.map((token) => `/${escapeToken(token)}`).join('');
  return { node, schemaPath, instancePath, data, order };
}

function missingRequired(at: Place) {
  const data = at.data as Record<string, Json>;
  return (at.node.required ?? [])
    .filter((name) => !Object.prototype.hasOwnProperty.call(data, name))
    .map((missingProperty) => ({ params: { missingProperty }, message: `must have required property '${missingProperty}'` }));
}

function missingDependencies(at: Place) {
  const data = at.data as Record<string, Json>;
  const has = (name: string) => Object.prototype.hasOwnProperty.call(data, name);
  return Object.entries((at.node.dependencies ?? {}) as Record<string, unknown>)
    .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && has(entry[0]))
    .flatMap(([property, deps]) =>
      deps
        .filter((name) => !has(name))
        .map((missingProperty) => ({
          params: { property, missingProperty, depsCount: deps.length, deps: deps.join(', ') },
          message: `must have ${deps.length === 1 ? 'property' : 'properties'} ${deps.join(', ')} when property ${property} is present`,
        })),
    );
}

const COMPARISON: Record<string, string> = { maximum: '<=', minimum: '>=', exclusiveMaximum: '<', exclusiveMinimum: '>' };
const LIMIT_NOUN: Record<string, string> = { Length: 'characters', Items: 'items', Properties: 'properties' };

/** ajv's params and English message of a keyword that checks the value itself. */
function describe(keyword: string, { node, data }: Place, fallback: string): { params: Record<string, unknown>; message: string } {
  const value = node[keyword] as unknown;
  const limit = /^(max|min)(Length|Items|Properties)$/.exec(keyword);
  if (limit) return { params: { limit: value }, message: `must NOT have ${limit[1] === 'max' ? 'more' : 'fewer'} than ${String(value)} ${LIMIT_NOUN[limit[2]]}` };
  if (keyword in COMPARISON) return { params: { comparison: COMPARISON[keyword], limit: value }, message: `must be ${COMPARISON[keyword]} ${String(value)}` };
  switch (keyword) {
    case 'type':
      return { params: { type: value }, message: `must be ${String(value)}` };
    case 'pattern':
      return { params: { pattern: value }, message: `must match pattern "${String(value)}"` };
    case 'format':
      return { params: { format: value }, message: `must match format "${String(value)}"` };
    case 'const':
      return { params: { allowedValue: value }, message: 'must be equal to constant' };
    case 'enum':
      return { params: { allowedValues: value }, message: 'must be equal to one of the allowed values' };
    case 'multipleOf':
      return { params: { multipleOf: value }, message: `must be multiple of ${String(value)}` };
    case 'not':
      return { params: {}, message: 'must NOT be valid' };
    case 'uniqueItems': {
      const { i, j } = duplicate(data as Json[]);
      return { params: { i, j }, message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)` };
    }
    default:
      // A keyword this module does not translate (contains, propertyNames…): cfworker's own sentence.
      return { params: {}, message: fallback };
  }
}

/** The pair ajv names for duplicate items: scanning from the end, the first item equal to an earlier one. */
function duplicate(items: Json[]): { i: number; j: number } {
  for (let i = items.length - 1; i > 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (JSON.stringify(items[i]) === JSON.stringify(items[j])) return { i, j };
  }
  return { i: 0, j: 0 };
}
