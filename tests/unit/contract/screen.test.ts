import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkScreen, checkScreenFields } from '../../../src/contract/screen-check';
import { screenSchemaJson } from '../../../src/contract/screen-schema-json';
import { defaultScreen } from '../../../src/contract/screen-defaults';
import type { ResourceDefinition } from '../../../src/contract/resource';

const supplier: ResourceDefinition = {
  name: 'supplier',
  title: { zh: '供应商', en: 'Suppliers' },
  kind: 'custom',
  labelField: 'name',
  teamScoped: true,
  version: 1,
  fields: [
    { name: 'name', title: { zh: '名称', en: 'Name' }, type: 'string', required: true, searchable: true, indexed: true },
    { name: 'contact', title: { zh: '联系人', en: 'Contact' }, type: 'string' },
    { name: 'level', title: { zh: '等级', en: 'Level' }, type: 'enum', options: [{ value: 'a', label: { zh: '甲', en: 'A' } }] },
    { name: 'credit_fen', title: { zh: '授信', en: 'Credit' }, type: 'money', indexed: true },
    { name: 'since', title: { zh: '合作日期', en: 'Since' }, type: 'date' },
  ],
};

const base = { id: 'demo/list', version: 1, title: { zh: '演示', en: 'Demo' } };

describe('the screen meta-schema', () => {
  it('is the file in schemas/, written from the TypeScript definition (npm run schemas)', () => {
    const file = fs.readFileSync(path.resolve(import.meta.dirname, '../../../schemas/screen.schema.json'), 'utf8');
    expect(file).toBe(screenSchemaJson());
  });

  it('names the exact path and reason of each problem', () => {
    const result = checkScreen({
      ...base,
      kind: 'list',
      resource: 'supplier',
      list: {
        columns: [{ field: 'name', colour: 'red' }],
        toolbar: [{ key: 'go', label: { zh: '去', en: 'Go' }, kind: 'api', url: 'https://elsewhere.example/steal' }],
      },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.path)).toEqual(['/list/columns/0/colour', '/list/toolbar/0/url']);
    expect(result.problems[0]!.message).toBe('不允许有额外的属性');
  });

  it('requires what each kind needs', () => {
    const result = checkScreen({ ...base, kind: 'detail', resource: 'supplier' }, 'en');
    expect(result.ok ? [] : result.problems).toEqual([{ path: '/detail', message: 'must have required property detail' }]);
  });

  it('refuses an expression with an operator the language does not have', () => {
    const result = checkScreen({
      ...base,
      kind: 'list',
      resource: 'supplier',
      list: { columns: [{ field: 'name' }], rowActions: [{ key: 'x', label: { zh: 'x', en: 'x' }, kind: 'edit', visible: { and: [true, { eval: 'alert(1)' }] } }] },
    });
    expect(result.ok ? [] : result.problems).toEqual([{ path: '/list/rowActions/0/visible/and/1/eval', message: '未知的运算符或属性名 eval' }]);
  });

  it('takes the default screen of a resource and finds the fields it names', () => {
    const screen = defaultScreen(supplier, 'custom/supplier');
    expect(checkScreen(screen)).toEqual({ ok: true, screen });
    expect(checkScreenFields(screen, new Map([['supplier', supplier]]))).toEqual([]);
    const broken = { ...screen, list: { ...screen.list!, columns: [...screen.list!.columns, { field: 'phone' }] } };
    expect(checkScreenFields(broken, new Map([['supplier', supplier]]))).toEqual([
      { path: `/list/columns/${screen.list!.columns.length}/field`, message: '资源 supplier 没有字段 phone' },
    ]);
  });

  it('accepts a list card and finds the fields it names', () => {
    const screen = defaultScreen(supplier, 'custom/supplier');
    const carded = { ...screen, list: { ...screen.list!, card: { title: 'name', fields: ['phone', 'level'], image: 'logo' } } };
    expect(checkScreen(carded).ok).toBe(true);
    expect(checkScreenFields(carded, new Map([['supplier', supplier]]))).toEqual([
      { path: '/list/card/image', message: '资源 supplier 没有字段 logo' },
      { path: '/list/card/fields/0', message: '资源 supplier 没有字段 phone' },
    ]);
    const extra = { ...screen, list: { ...screen.list!, card: { title: 'name', colour: 'red' } } };
    expect(checkScreen(extra).ok).toBe(false);
  });
});
