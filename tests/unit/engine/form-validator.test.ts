/**
 * The form's validator (no ajv, so no `new Function` under the console's CSP) against real ajv +
 * ajv-i18n as the oracle: for a resource schema with every field type and
 * for the other draft-07 keywords, the same errors (keyword, params, paths, ajv's order) with the
 * same Chinese and English messages; and rjsf's ValidationData equal to @rjsf/validator-ajv8's.
 * (Vitest runs under node, so ajv may compile here; only the browser's CSP forbids it.)
 */
import { describe, expect, it, vi } from 'vitest';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import localizeZh from 'ajv-i18n/localize/zh';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { dereference } from '@cfworker/json-schema';
import type * as cfworker from '@cfworker/json-schema';
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { FIELD_TYPES, valuesSchema, type ResourceDefinition, type ResourceField, type SubField } from '../../../src/contract/resource';
import { patterns } from '../../../src/contract/validators';
import { lookupOf, schemaErrors } from '../../../src/engine/form/schema-errors';
import { validatorFor, type Localizer } from '../../../src/engine/form/validator';

// Counts cfworker's schema preparations, to see the per-schema cache work.
vi.mock('@cfworker/json-schema', async (importOriginal) => {
  const original = await importOriginal<typeof cfworker>();
  return { ...original, dereference: vi.fn(original.dereference) };
});

type Values = Record<string, unknown>;
const l = (zh: string, en: string) => ({ zh, en });

// ---- the oracle -------------------------------------------------------------------------------

/** ajv as the server configures it (server/resources), verbose as rjsf's: every field of an error. */
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
addFormats(ajv);

const isConstChoice = (branches: unknown) => Array.isArray(branches) && branches.every((b) => typeof b === 'object' && b !== null && 'const' in b);

/**
 * ajv's errors as the console reports them: a `oneOf` of consts (an enum field) that no option
 * matches is one `enum` error naming the options, not a `const` error per option plus a `oneOf`
 * error — the server says "must be one of the allowed values" for it too.
 */
function reportedAsServer(errors: ErrorObject[]): ErrorObject[] {
  const choices = errors.filter((e) => e.keyword === 'oneOf' && e.params.passingSchemas === null && isConstChoice(e.schema));
  return errors
    .filter((e) => !choices.some((c) => e.instancePath === c.instancePath && e.schemaPath.startsWith(`${c.schemaPath}/`)))
    .map((e) => {
      if (!choices.includes(e)) return e;
      const allowedValues = (e.schema as { const: unknown }[]).map((branch) => branch.const);
      return { ...e, keyword: 'enum', params: { allowedValues }, message: 'must be equal to one of the allowed values', schema: allowedValues };
    });
}

function ajvErrors(schema: object, data: unknown, localize?: Localizer): ErrorObject[] {
  const validate = ajv.compile(schema);
  validate(data);
  const errors = reportedAsServer(structuredClone(validate.errors ?? []));
  localize?.(errors);
  return errors;
}

const zh = localizeZh as Localizer;
/** Ours, localised as the server does (rjsf's quoting of names for its titles is checked further down). */
function ours(schema: object, data: unknown, localize?: Localizer): ErrorObject[] {
  const errors = schemaErrors(schema, lookupOf(schema), data);
  localize?.(errors);
  return errors;
}

/** Ours against the oracle in both languages; returns the Chinese errors for further checks. */
function expectSameAsAjv(schema: object, data: unknown): ErrorObject[] {
  const expected = ajvErrors(schema, data, zh);
  const actual = ours(schema, data, zh);
  expect(actual).toEqual(expected);
  expect(ours(schema, data)).toEqual(ajvErrors(schema, data));
  return actual;
}

// ---- a resource with every field type -------------------------------------------------------

const ENUM_TEXT = [
  { value: 'a', label: l('甲', 'A') },
  { value: 'b', label: l('乙', 'B') },
];
const ENUM_NUMBER = [
  { value: 1, label: l('一', 'One') },
  { value: 2, label: l('二', 'Two') },
];

const formatFields: ResourceField[] = Object.keys(patterns).map((format) => ({
  name: `fmt_${format.toLowerCase()}`,
  title: l(format, format),
  type: 'string',
  format: format as keyof typeof patterns,
}));

const columns: SubField[] = [
  { name: 'product', title: l('商品', 'Product'), type: 'string', required: true, maxLength: 10 },
  { name: 'qty', title: l('数量', 'Quantity'), type: 'integer', minimum: 1, maximum: 999 },
  { name: 'unit', title: l('单位', 'Unit'), type: 'enum', options: ENUM_TEXT },
  { name: 'grade', title: l('等级', 'Grade'), type: 'enum', required: true, options: ENUM_NUMBER },
  { name: 'price', title: l('单价', 'Price'), type: 'money', minimum: 0 },
  { name: 'weight', title: l('重量', 'Weight'), type: 'number', maximum: 100.5 },
  { name: 'due', title: l('交期', 'Due'), type: 'date' },
  { name: 'gift', title: l('赠品', 'Gift'), type: 'boolean' },
  { name: 'mobile', title: l('电话', 'Phone'), type: 'string', format: 'mobile' },
];

const everything: ResourceDefinition = {
  name: 'everything',
  title: l('全部', 'Everything'),
  kind: 'custom',
  labelField: 'name',
  teamScoped: false,
  version: 1,
  fields: [
    { name: 'name', title: l('名称', 'Name'), type: 'string', required: true, maxLength: 20, minLength: 2 },
    { name: 'nick', title: l('昵称', 'Nick'), type: 'string' },
    ...formatFields,
    { name: 'intro', title: l('简介', 'Intro'), type: 'text', maxLength: 30 },
    { name: 'body', title: l('正文', 'Body'), type: 'richtext', required: true },
    { name: 'qty', title: l('数量', 'Quantity'), type: 'integer', required: true, minimum: 1, maximum: 100 },
    { name: 'ratio', title: l('比例', 'Ratio'), type: 'number', minimum: -1.5, maximum: 1.5 },
    { name: 'price', title: l('价格', 'Price'), type: 'money', minimum: 0, maximum: 100000000 },
    { name: 'active', title: l('启用', 'Active'), type: 'boolean', required: true },
    { name: 'paused', title: l('暂停', 'Paused'), type: 'boolean' },
    { name: 'born', title: l('生日', 'Born'), type: 'date', required: true },
    { name: 'left', title: l('离开', 'Left'), type: 'date' },
    { name: 'at', title: l('时间', 'At'), type: 'datetime', minimum: 0 },
    { name: 'level', title: l('等级', 'Level'), type: 'enum', options: ENUM_TEXT },
    { name: 'rank', title: l('名次', 'Rank'), type: 'enum', required: true, options: ENUM_NUMBER },
    { name: 'category', title: l('类目', 'Category'), type: 'dict', dict: 'category' },
    { name: 'owner', title: l('负责人', 'Owner'), type: 'lookup', lookup: { resource: 'user', label: 'name' }, minimum: 1 },
    { name: 'logo', title: l('标志', 'Logo'), type: 'image', required: true },
    { name: 'license', title: l('执照', 'License'), type: 'file', maxLength: 40 },
    { name: 'items', title: l('明细', 'Items'), type: 'rows', required: true, columns },
    { name: 'notes', title: l('备注行', 'Note rows'), type: 'rows', columns: [{ name: 'text', title: l('内容', 'Text'), type: 'text', required: true, minLength: 3 }] },
    { name: 'score', title: l('评分', 'Score'), type: 'integer', readOnly: true },
  ],
};

const schema = valuesSchema(everything, 'zh') as object;

const emoji = (n: number) => '😀'.repeat(n);
const goodRow = { product: '螺丝', qty: 3, grade: 1 };

/** Per field, values to try: bad ones of every kind and a good one (`undefined` leaves it out). */
const TRIES: Record<string, unknown[]> = {
  name: ['张三', '', 'x', 'x'.repeat(21), emoji(20), emoji(21), emoji(1), 7, null, undefined, true],
  nick: ['ok', 'x'.repeat(256), null, 3, ['a'], undefined],
  fmt_mobile: ['13800138000', '12800138000', '1380013800', 'abc', null],
  fmt_smscode: ['123456', '12345', '12345a'],
  fmt_link: ['https://a.cn', 'tel:', '//x', 'ftp://x', 'mailto:a@b.cn'],
  fmt_signeddecimal: ['-1.5', '1.', '+2', 'x'],
  fmt_httpurl: ['https://shop.example.com/a?b#c', 'http://localhost', 'HTTP://A.B', 'https://a b.cn'],
  fmt_idcard: ['11010519491231002X', '1101051949123100', '110105194912310'],
  fmt_email: ['a@b.cn', 'a@b', 'a b@c.cn'],
  fmt_chinese: ['中文', '中文a', ''],
  fmt_letters: ['abc', 'ab1', ''],
  intro: ['短', 'x'.repeat(31), emoji(30), emoji(31), 0],
  body: ['<p>x</p>', '', null, undefined],
  qty: [5, 0, 101, 1.5, '5', null, undefined, -3],
  ratio: [0.5, -1.6, 1.51, '1', null, Number.MAX_SAFE_INTEGER],
  price: [0, -1, 100000001, 12.5, null],
  active: [true, false, 'true', null, 0, undefined],
  paused: [null, false, 'no'],
  born: ['2000-02-29', '2001-02-29', '2000-13-01', '2000-1-1', '', 20000101, null, undefined],
  left: [null, '2024-04-31', '2024-04-30'],
  at: [0, -1, 1.5, 'now', null],
  level: ['a', 'c', null, 1, ''],
  rank: [1, 3, '1', null, undefined, 2.5],
  category: ['x', 'y'.repeat(65), 5, null],
  owner: [1, 0, 'u1', null],
  logo: ['/uploads/a.png', '', null, undefined, 5],
  license: [null, `/uploads/${'f'.repeat(40)}`, '/uploads/b.pdf'],
  items: [
    [goodRow],
    [],
    undefined,
    null,
    'rows',
    [{}],
    [goodRow, { product: '', qty: 0, grade: 3, unit: 'kg', price: -5, weight: 101, due: '2024-02-30', gift: 'y', mobile: '110', extra: 1 }, 'x', null],
    [{ product: emoji(11), qty: 1000, grade: '1', unit: null, price: 1.25, weight: '1', due: null, gift: null, mobile: null }],
    [goodRow, goodRow, { qty: 2 }, { product: 'p', grade: 2, qty: null }],
  ],
  notes: [[{ text: emoji(3) }], [{ text: 'ab' }, { text: 5 }, {}, { text: 'abc', more: true }], null, undefined],
};

/** Data cases: the i-th try of every field at once, so errors of many fields mix in each case. */
function cases(): Values[] {
  const longest = Math.max(...Object.values(TRIES).map((values) => values.length));
  const all: Values[] = [];
  for (let i = 0; i < longest; i++) {
    const data: Values = {};
    for (const [field, values] of Object.entries(TRIES)) {
      const value = values[i % values.length];
      if (value !== undefined) data[field] = value;
    }
    all.push(data);
  }
  // One field wrong at a time, the others left out (only the required ones then missing).
  for (const [field, values] of Object.entries(TRIES)) for (const value of values) all.push({ [field]: value });
  all.push({}, { ...all[0], unknown: 1, another: 'x' }, { items: Array.from({ length: 1001 }, () => goodRow) });
  return all;
}

describe('the form validator against ajv + ajv-i18n', () => {
  it('covers every field type of a resource', () => {
    const types = new Set(everything.fields.flatMap((f) => [f.type, ...(f.columns ?? []).map((c) => c.type)]));
    expect([...FIELD_TYPES].filter((type) => !types.has(type))).toEqual([]);
  });

  it('gives the errors, paths and localised messages ajv gives, for every field type and many bad values', () => {
    const seen = new Set<string>();
    let failing = 0;
    for (const data of cases()) {
      const errors = expectSameAsAjv(schema, data);
      if (errors.length) failing++;
      for (const error of errors) seen.add(error.keyword);
    }
    expect(failing).toBeGreaterThan(100);
    // Every kind of refusal a resource's schema can give came up.
    expect([...seen].sort()).toEqual(
      ['additionalProperties', 'enum', 'format', 'maxItems', 'maxLength', 'maximum', 'minItems', 'minLength', 'minimum', 'pattern', 'required', 'type'].sort(),
    );
  });

  it('says it in Chinese, as the server does, one clear error for a value no option of an enum has', () => {
    const messages = (data: Values) => ours(schema, data, zh).map((e) => `${e.instancePath} ${e.message}`);
    expect(messages({ ...validValues(), name: 'x', level: 'c', qty: 0, fmt_mobile: '123', born: '2001-02-29' })).toEqual([
      '/name 不应少于 2 个字符',
      '/fmt_mobile 应当匹配模式 "^1[3-9]\\d{9}$"',
      '/qty 应当为 >= 1',
      '/born 应当匹配格式 "date"',
      '/level 应当是预设定的枚举值之一',
    ]);
  });

  it('counts characters as code points, as ajv does', () => {
    expect(ours(schema, { ...validValues(), name: emoji(20) })).toEqual([]);
    expect(ours(schema, { ...validValues(), name: emoji(21) }, zh).map((e) => e.message)).toEqual(['不应多于 20 个字符']);
  });

  it('reads empty fields (undefined in the form data) as absent, as ajv does', () => {
    expectSameAsAjv(schema, { ...validValues(), nick: undefined, name: undefined, items: [{ ...goodRow, qty: undefined }] });
    expect(ours(schema, { ...validValues(), nick: undefined })).toEqual([]);
  });

  it('gives what ajv gives for the other draft-07 keywords an admin-written schema may use', () => {
    const other = {
      type: 'object',
      definitions: { positive: { type: 'integer', minimum: 1 } },
      properties: {
        any: { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'number' }] },
        cond: { if: { type: 'string' }, then: { minLength: 3 }, else: { minimum: 10 } },
        not: { not: { const: 1 } },
        ref: { $ref: '#/definitions/positive' },
        refAnd: { $ref: '#/definitions/positive', maximum: 3 },
        num: { type: 'number', multipleOf: 0.5, exclusiveMinimum: 0, exclusiveMaximum: 10 },
        tuple: { type: 'array', uniqueItems: true, items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
        map: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          minProperties: 2,
          maxProperties: 4,
          dependencies: { x: ['y', 'z'] },
          patternProperties: { '^no_': false },
          properties: { never: false },
        },
        choice: { enum: ['p', 'q'] },
        constant: { const: 'k' },
        both: { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] },
        mixed: { oneOf: [{ type: 'integer', minimum: 5 }, { type: 'string' }] },
        mail: { type: 'string', format: 'email' },
        'odd/key~': { type: 'string' },
        list: { type: 'array', minItems: 2, items: { type: 'object', properties: { v: { type: 'integer', oneOf: [{ const: 1 }, { const: 2 }] } } } },
      },
    };
    const data: Values[] = [
      {
        any: 'xyz',
        cond: 'ab',
        not: 1,
        ref: 0,
        refAnd: 5,
        num: 0.3,
        tuple: ['s', 's', 1],
        map: { x: 1, no_a: 2, never: 1, w: 'str' },
        choice: 'r',
        constant: 'j',
        both: 'ab',
        mixed: 1,
        mail: 'nope',
        'odd/key~': 3,
        list: [{ v: 3 }, { v: 1 }, { v: 'x' }],
      },
      { any: true, cond: 5, num: 20, tuple: [1, 1], map: {}, mixed: true, refAnd: 0, list: [] },
      { num: 0, tuple: ['a', 2, 3], both: 'abcdef', list: 'x', map: { a: 1, b: 2, c: 3, d: 4, e: 5 } },
      { any: 'ok', cond: 'long', not: 2, ref: 1, num: 1.5, map: { a: 1, b: 2 }, both: 7, mixed: 'ok', list: [{ v: 1 }, { v: 2 }] },
    ];
    const seen = new Set<string>();
    for (const value of data) for (const error of expectSameAsAjv(other, value)) seen.add(error.keyword);
    expect(seen).toEqual(
      new Set([
        'anyOf', 'if', 'not', 'minimum', 'maximum', 'multipleOf', 'exclusiveMinimum', 'exclusiveMaximum', 'additionalItems', 'uniqueItems',
        'type', 'dependencies', 'false schema', 'minProperties', 'maxProperties', 'enum', 'const', 'oneOf', 'format', 'minItems', 'minLength',
        'maxLength',
      ]),
    );
  });
});

/** Values that pass the schema: the first try of every field. */
function validValues(): Values {
  const values: Values = {};
  for (const [field, tries] of Object.entries(TRIES)) if (tries[0] !== undefined) values[field] = tries[0];
  return values;
}

describe('the form validator for rjsf', () => {
  const ajvValidator = customizeValidator({}, localizeZh);
  const validator = validatorFor('zh');
  const formSchema = schema as RJSFSchema;
  const uiSchema = { nick: { 'ui:title': '别名' } };
  const hasEnumMiss = (data: Values) => (ajvValidator.rawValidation<ErrorObject>(formSchema, data).errors ?? []).some((e) => e.keyword === 'oneOf');

  it('starts from values that pass', () => {
    expect(validator.isValid(formSchema, validValues(), formSchema)).toBe(true);
    expect(validator.validateFormData(validValues(), formSchema)).toEqual({ errors: [], errorSchema: {} });
  });

  it('gives the ValidationData @rjsf/validator-ajv8 gives: titles in messages, transformErrors, customValidate, errorSchema', () => {
    const transformErrors = (errors: RJSFValidationError[]) => errors.map((e) => (e.name === 'pattern' ? { ...e, message: '格式不对' } : e));
    const customValidate = (data: Values | undefined, errors: { name?: { addError(message: string): void } }) => {
      if (data?.name === 'x') errors.name?.addError('名称不能是 x');
      return errors;
    };
    let compared = 0;
    for (const data of cases()) {
      // An enum miss is reported as one error on purpose (see reportedAsServer); the rest must be equal.
      if (hasEnumMiss(data)) continue;
      compared++;
      const expected = ajvValidator.validateFormData(data, formSchema, customValidate as never, transformErrors, uiSchema);
      expect(validator.validateFormData(data, formSchema, customValidate as never, transformErrors, uiSchema)).toEqual(expected);
      expect(validator.isValid(formSchema, data, formSchema)).toBe(ajvValidator.isValid(formSchema, data, formSchema));
    }
    expect(compared).toBeGreaterThan(50);
    // Many cases, each through both validators and rjsf's defaults for customValidate: seconds on a busy machine.
  }, 60_000);

  it('puts the single enum error at its field', () => {
    const { errorSchema, errors } = validator.validateFormData({ ...validValues(), items: [{ ...goodRow, grade: 9 }] }, formSchema);
    expect(errors.map((e) => [e.property, e.message])).toEqual([['.items.0.grade', '应当是预设定的枚举值之一']]);
    expect(errorSchema).toEqual({ items: { 0: { grade: { __errors: ['应当是预设定的枚举值之一'] } } } });
  });

  it("checks a subschema whose $ref points into the root schema, as rjsf asks about a oneOf's options", () => {
    const root = { definitions: { positive: { type: 'integer', minimum: 1 } }, oneOf: [{ $ref: '#/definitions/positive' }, { type: 'string' }] } as RJSFSchema;
    expect(validator.isValid({ $ref: '#/definitions/positive' }, 3, root)).toBe(true);
    expect(validator.isValid({ $ref: '#/definitions/positive' }, 0, root)).toBe(false);
    expect(validator.isValid((root.oneOf as RJSFSchema[])[0], 2, root)).toBe(true);
    expect(validator.isValid({ $ref: '#/definitions/missing' }, 2, root)).toBe(false);
  });

  it('answers for a missing value as ajv does for undefined', () => {
    const option = { type: 'string', minLength: 1 } as RJSFSchema;
    expect(validator.isValid(option, undefined, option)).toBe(false);
    expect(validator.isValid({ title: 'any' }, undefined, formSchema)).toBe(true);
    expect(validator.validateFormData(undefined, formSchema).errors.map((e) => e.message)).toEqual(['应当是 object 类型']);
    expect(ajvValidator.validateFormData(undefined, formSchema).errors.map((e) => e.message)).toEqual(['应当是 object 类型']);
  });

  it('reports a schema it cannot use instead of throwing, as the ajv validator does', () => {
    const broken = { type: 'object', properties: { a: { $ref: '#/definitions/missing' } } } as RJSFSchema;
    const raw = validator.rawValidation(broken, { a: 1 });
    expect(raw.validationError?.message).toContain('Unresolved $ref');
    const { errors, errorSchema } = validator.validateFormData({ a: 1 }, broken);
    expect(errors).toEqual([{ stack: raw.validationError?.message }]);
    expect(errorSchema).toEqual({ $schema: { __errors: [raw.validationError?.message] } });
  });

  it('prepares each schema object once, however often it validates', () => {
    const prepare = vi.mocked(dereference);
    const fresh = valuesSchema(everything, 'en') as RJSFSchema;
    const before = prepare.mock.calls.length;
    for (let i = 0; i < 20; i++) {
      validator.validateFormData({ name: 'x' }, fresh);
      validator.isValid(fresh, { name: 'x' }, fresh);
    }
    expect(prepare.mock.calls.length - before).toBe(1);
  });
});
