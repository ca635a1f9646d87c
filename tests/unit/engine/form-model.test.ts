import { describe, expect, it } from 'vitest';
import { buildFormModel, formModel, ROWS_TEMPLATES, widgetNames } from '../../../src/engine/form/schema';
import { applyRules, evaluateRules, ruleDefaults, ruleKey, type RuleContext } from '../../../src/engine/form/rules';
import { errorSchemaOf, serverFieldError, submittedValues } from '../../../src/engine/form/values';
import { fenToYuan, formatMoney, yuanToFen } from '../../../src/widgets/form/money-format';
import { lookupFilters } from '../../../src/widgets/form/lookup-filters';
import { acceptedTypes, largestSize, nameOfUrl, uploadProblem } from '../../../src/widgets/form/upload';
import { UPLOAD_MAX_BYTES } from '../../../src/contract/upload';
import type { FieldRule } from '../../../src/contract/screen';
import { supplier } from './fixtures';

const seller = { admin: false, role: ['seller'], permission: [] };

describe('the form model built from a resource definition', () => {
  it('takes the fields of the spec in its order, with the values schema the server validates with', () => {
    const model = buildFormModel(supplier, { fields: ['level', 'name', 'credit', 'nope', 'score'] }, 'zh', seller);
    expect(Object.keys(model.schema.properties!)).toEqual(['level', 'name', 'credit']);
    expect(model.schema.required).toEqual(['name']);
    expect(model.schema.additionalProperties).toBe(false);
    expect(model.schema.properties!.name).toMatchObject({ type: 'string', title: '名称', maxLength: 50, minLength: 1 });
    expect(model.uiSchema['ui:order']).toEqual(['level', 'name', 'credit', '*']);
    expect(model.fields.map((f) => f.name)).toEqual(['level', 'name', 'credit']);
  });

  it('takes every writable field when the spec names none, titled in the language asked for', () => {
    const model = buildFormModel(supplier, {}, 'en', seller);
    expect(Object.keys(model.schema.properties!)).not.toContain('score');
    expect(Object.keys(model.schema.properties!)).toHaveLength(supplier.fields.length - 1);
    expect(model.schema.properties!.credit).toMatchObject({ title: 'Credit' });
  });

  it('picks a widget per field type and passes the options a widget needs', () => {
    const { uiSchema } = buildFormModel(supplier, {}, 'zh', seller);
    const widgets = Object.fromEntries(supplier.fields.filter((f) => f.name in uiSchema).map((f) => [f.name, uiSchema[f.name]['ui:widget']]));
    expect(widgets).toMatchObject({
      name: 'text',
      level: 'enum',
      credit: 'money',
      active: 'switch',
      founded: 'date',
      province: 'lookup',
      category: 'dict',
      logo: 'image',
      license: 'file',
      intro: 'richtext',
      remark: 'textarea',
    });
    expect(uiSchema.category['ui:options']).toEqual({ dict: 'supplier_category' });
    expect(uiSchema.province['ui:options']).toEqual({ resource: 'province', labelField: 'name' });
    expect(uiSchema.logo['ui:options']).toEqual({ maxSize: 1024 * 1024 });
    expect(uiSchema.intro['ui:options']).toEqual({ wide: true });
  });

  it('draws a rows field as a sub-table with each column its own widget', () => {
    const { uiSchema } = buildFormModel(supplier, { fields: ['items'] }, 'zh', seller);
    expect(uiSchema.items).toMatchObject({
      'ui:ArrayFieldTemplate': ROWS_TEMPLATES.table,
      'ui:ArrayFieldItemTemplate': ROWS_TEMPLATES.item,
      items: {
        'ui:ObjectFieldTemplate': ROWS_TEMPLATES.cells,
        'ui:order': ['product', 'qty', 'price'],
        product: { 'ui:widget': 'text', 'ui:label': false },
        qty: { 'ui:widget': 'number' },
        price: { 'ui:widget': 'money' },
      },
    });
    expect(widgetNames(uiSchema)).toEqual(new Set(['text', 'number', 'money']));
  });

  it("lays the spec's uiSchema over the generated one, merging options", () => {
    const { uiSchema } = buildFormModel(
      supplier,
      { fields: ['name', 'city'], uiSchema: { city: { 'ui:options': { dependsOn: 'province' } }, name: { 'ui:widget': 'fancy' }, 'ui:rootFieldId': 'x' } },
      'zh',
      seller,
    );
    expect(uiSchema.city).toEqual({ 'ui:widget': 'lookup', 'ui:options': { resource: 'city', labelField: 'name', dependsOn: 'province' } });
    expect(uiSchema.name['ui:widget']).toBe('fancy');
    expect(uiSchema['ui:rootFieldId']).toBe('x');
  });

  it('leaves out fields hidden from the user’s roles and disables those read-only to them; admins get all', () => {
    const guarded = {
      ...supplier,
      fields: supplier.fields.map((f) =>
        f.name === 'credit' ? { ...f, access: { hidden: ['seller'] } } : f.name === 'level' ? { ...f, access: { readOnly: ['seller'] } } : f,
      ),
    };
    const model = buildFormModel(guarded, { fields: ['name', 'level', 'credit'] }, 'zh', seller);
    expect(Object.keys(model.schema.properties!)).toEqual(['name', 'level']);
    expect(model.uiSchema.level['ui:disabled']).toBe(true);
    expect(model.readOnly).toEqual(new Set(['level']));
    const admin = buildFormModel(guarded, { fields: ['name', 'level', 'credit'] }, 'zh', { admin: true, role: ['seller'], permission: [] });
    expect(Object.keys(admin.schema.properties!)).toEqual(['name', 'level', 'credit']);
  });

  it("uses the spec's own JSON Schema when it has one", () => {
    const schema = { type: 'object', properties: { name: { type: 'string', title: '自定义' } } };
    const model = buildFormModel(supplier, { schema }, 'zh', seller);
    expect(model.schema).toBe(schema);
    expect(model.uiSchema.name['ui:widget']).toBe('text');
  });

  it('keeps one schema object per spec, definition version, language and roles (ajv compiles it once)', () => {
    const spec = { fields: ['name', 'level'] };
    const first = formModel(supplier, spec, 'zh', seller);
    expect(formModel({ ...supplier }, spec, 'zh', { ...seller }).schema).toBe(first.schema);
    expect(formModel({ ...supplier, version: 4 }, spec, 'zh', seller).schema).not.toBe(first.schema);
    expect(formModel(supplier, spec, 'en', seller)).not.toBe(first);
    expect(formModel(supplier, { ...spec }, 'zh', seller)).not.toBe(first);
  });
});

describe('rules: conditional fields', () => {
  const context = (form: Record<string, unknown>, held: string[] = []): RuleContext => ({ form, record: { status: 'closed' }, user: { id: 2 }, held: new Set(held) });
  const rules: FieldRule[] = [
    { field: 'credit', visible: { '==': [{ var: 'form.level' }, 'a'] } },
    { field: 'name', disabled: { '==': [{ var: 'record.status' }, 'closed'] } },
    { field: 'remark', visible: { has: ['supplier:audit'] } },
    { field: 'total', default: { '*': [{ var: 'form.qty' }, { var: 'form.price' }] } },
    { field: 'note', default: { concat: ['共 ', { var: 'form.total' }] } },
  ];

  it('hides and disables fields by expressions over the form, the record and the user', () => {
    expect(evaluateRules(rules, context({ level: 'b' }))).toEqual({ hidden: ['credit', 'remark'], disabled: ['name'] });
    expect(evaluateRules(rules, context({ level: 'a' }, ['supplier:audit']))).toEqual({ hidden: [], disabled: ['name'] });
    expect(ruleKey({ hidden: ['a'], disabled: [] })).not.toBe(ruleKey({ hidden: [], disabled: ['a'] }));
  });

  it('applies the state to the uiSchema, keeping the entries of untouched fields', () => {
    const base = { name: { 'ui:widget': 'text' }, credit: { 'ui:widget': 'money' }, level: { 'ui:widget': 'enum' } };
    const next = applyRules(base, { hidden: ['credit'], disabled: ['name'] });
    expect(next.credit).toEqual({ 'ui:widget': 'hidden' });
    expect(next.name).toEqual({ 'ui:widget': 'text', 'ui:disabled': true });
    expect(next.level).toBe(base.level);
    expect(applyRules(base, { hidden: [], disabled: [] })).toBe(base);
  });

  it('computes defaults in rule order for the fields that still follow them', () => {
    expect(ruleDefaults(rules, context({ qty: 3, price: 5 }), () => true)).toEqual({ total: 15, note: '共 15' });
    // A total the user typed is theirs: the note reads it, the total is not overwritten.
    expect(ruleDefaults(rules, context({ qty: 3, price: 5, total: 99 }), (f) => f !== 'total')).toEqual({ note: '共 99' });
  });
});

describe('money: yuan in the input, fen in the value', () => {
  it('converts both ways, rounding to the fen', () => {
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(1234.5)).toBe(123450);
    expect(yuanToFen(0)).toBe(0);
    expect(fenToYuan(123450)).toBe(1234.5);
    expect(formatMoney(123450)).toBe('¥1,234.50');
    expect(formatMoney(-5)).toBe('¥-0.05');
  });
});

describe('what a save sends and how a refusal finds its field', () => {
  const model = buildFormModel(supplier, { fields: ['name', 'mobile', 'level', 'credit', 'items'] }, 'zh', seller);

  it('sends emptied optional fields as null, leaves hidden and read-only ones out', () => {
    const values = submittedValues({ name: '甲', credit: 100, items: [] }, { ...model, readOnly: new Set(['credit']) }, new Set(['level']));
    expect(values).toEqual({ name: '甲', mobile: null, items: [] });
  });

  it("reads the field from the server's message in either spelling", () => {
    expect(serverFieldError('请求参数有误: body.values.name 已存在', model, 'zh')).toEqual({ path: ['name'], message: '名称 已存在' });
    expect(serverFieldError('请输入正确的手机号 (body.values.mobile)', model, 'zh')).toEqual({ path: ['mobile'], message: '请输入正确的手机号' });
    expect(serverFieldError('Invalid request: values.items.2.qty must be >= 1', model, 'en')).toEqual({ path: ['items', 2, 'qty'], message: 'Quantity must be >= 1' });
    expect(serverFieldError('请求参数有误: values.unknown 不对', model, 'zh')).toBeNull();
    expect(serverFieldError('服务器错误', model, 'zh')).toBeNull();
    expect(errorSchemaOf({ path: ['items', 2, 'qty'], message: 'x' })).toEqual({ items: { 2: { qty: { __errors: ['x'] } } } });
  });
});

describe('lookup filters', () => {
  it('fills templates from the form, keeping the type of a whole placeholder', () => {
    const templates = [
      { field: 'province_id', op: 'eq', value: '{{form.province}}' },
      { field: 'name', op: 'contains', value: '{{form.prefix}}市' },
      { field: 'kind', op: 'in', value: ['a', '{{form.kind}}'] },
    ];
    expect(lookupFilters(templates, 'province', { province: 3, prefix: '杭', kind: 'b' })).toEqual([
      { field: 'province_id', op: 'eq', value: 3 },
      { field: 'name', op: 'contains', value: '杭市' },
      { field: 'kind', op: 'in', value: ['a', 'b'] },
    ]);
  });

  it('filters by the field it depends on when it has no templates', () => {
    expect(lookupFilters(undefined, 'province', { province: 1 })).toEqual([{ field: 'province', op: 'eq', value: 1 }]);
    expect(lookupFilters(undefined, undefined, { province: 1 })).toEqual([]);
  });
});

describe('upload checks in the form', () => {
  it('refuses a type the field does not take, and a file over its size', () => {
    const images = acceptedTypes('image', undefined);
    expect(images).toEqual(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
    expect(uploadProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 }, images, 100, '、')).toEqual({ key: 'formUploadType', params: { types: 'PNG、JPEG、GIF、WEBP' } });
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 101 }, images, 100, '、')).toEqual({ key: 'formUploadTooLarge', params: { size: '1 KB' } });
    expect(uploadProblem({ name: 'a.png', type: 'image/png', size: 100 }, images, 100, '、')).toBeNull();
    expect(uploadProblem({ name: 'x.PDF', type: '', size: 1 }, acceptedTypes('file', ['.pdf', 'image/*']), 100, ', ')).toBeNull();
    expect(uploadProblem({ name: 'x.gif', type: 'image/gif', size: 1 }, acceptedTypes('file', ['.pdf', 'image/*']), 100, ', ')).toBeNull();
  });

  it('never allows more than the server takes, and names a file by its URL', () => {
    expect(largestSize(undefined)).toBe(UPLOAD_MAX_BYTES);
    expect(largestSize(UPLOAD_MAX_BYTES * 2)).toBe(UPLOAD_MAX_BYTES);
    expect(largestSize(2048)).toBe(2048);
    expect(nameOfUrl('/uploads/files/abc/%E5%90%88%E5%90%8C.pdf')).toBe('合同.pdf');
  });
});
