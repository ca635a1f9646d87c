import { describe, expect, it } from 'vitest';
import { cardOf } from '../../../src/contract/card-default';
import type { ResourceDefinition } from '../../../src/contract/resource';
import type { Column } from '../../../src/contract/screen';
import { goodsDefinition } from '../../../bench/fixtures/goods';

const cols = (...fields: string[]): Column[] => fields.map((field) => ({ field }));
const l = (zh: string, en: string) => ({ zh, en });

/** An ask with a workflow: its state field is the card's status, whatever enums come first. */
const asks: ResourceDefinition = {
  name: 'price_asks',
  title: l('询价单', 'Asks'),
  kind: 'builtin',
  labelField: 'goods_name',
  teamScoped: true,
  version: 1,
  fields: [
    { name: 'ask_no', title: l('询价单号', 'No.'), type: 'string' },
    { name: 'kind', title: l('类型', 'Kind'), type: 'enum', options: [{ value: 'ordinary', label: l('普通', 'Ordinary') }] },
    { name: 'goods_name', title: l('商品', 'Goods'), type: 'string' },
    { name: 'quantity', title: l('数量', 'Quantity'), type: 'integer' },
    { name: 'expect_price', title: l('期望单价', 'Price'), type: 'money' },
    { name: 'remark', title: l('备注', 'Remark'), type: 'text' },
    { name: 'status', title: l('状态', 'State'), type: 'enum', options: [{ value: 'pending', label: l('待报价', 'Pending') }] },
  ],
  workflow: { stateField: 'status', states: [{ value: 'pending', label: l('待报价', 'Pending') }], transitions: [] },
};

describe('the card a list row becomes on a phone', () => {
  it('defaults to the label field as title, the first enum as status, the image, then three columns in order', () => {
    const columns = cols('image', 'name', 'sku', 'status', 'price', 'stock', 'sales', 'remark', 'updated_at');
    expect(cardOf(undefined, columns, goodsDefinition)).toEqual({ title: 'name', status: 'status', image: 'image', fields: ['sku', 'price', 'stock'] });
  });

  it('takes the workflow state as status, and leaves long text and bookkeeping off the card', () => {
    const columns = cols('ask_no', 'kind', 'goods_name', 'remark', 'version', 'quantity', 'expect_price', 'status');
    expect(cardOf(undefined, columns, asks)).toEqual({ title: 'goods_name', status: 'status', fields: ['ask_no', 'kind', 'quantity'] });
  });

  it('does not repeat an enum title as the status: the next enum is the tag', () => {
    const log: ResourceDefinition = {
      ...asks,
      name: 'system_logs',
      labelField: 'action',
      workflow: undefined,
      fields: [
        { name: 'action', title: l('操作', 'Action'), type: 'enum', options: [{ value: 'login', label: l('登录', 'Log in') }] },
        { name: 'username', title: l('用户名', 'User name'), type: 'string' },
        { name: 'result', title: l('结果', 'Result'), type: 'enum', options: [{ value: 'ok', label: l('成功', 'Success') }] },
      ],
    };
    expect(cardOf(undefined, cols('action', 'username', 'result'), log)).toEqual({ title: 'action', status: 'result', fields: ['username'] });
    expect(cardOf(undefined, cols('action', 'username'), log)).toEqual({ title: 'action', fields: ['username'] });
  });

  it('falls back to the first one-line text column, else the id, when the label field is not listed', () => {
    expect(cardOf(undefined, cols('quantity', 'ask_no', 'expect_price'), asks).title).toBe('ask_no');
    expect(cardOf(undefined, cols('quantity', 'expect_price'), asks)).toEqual({ title: 'id', fields: ['quantity', 'expect_price'], status: 'status' });
  });

  it('skips columns the screen hides until the user shows them', () => {
    const columns: Column[] = [{ field: 'name' }, { field: 'sku', hidden: true }, { field: 'price' }, { field: 'is_hot' }];
    expect(cardOf(undefined, columns, goodsDefinition)).toEqual({ title: 'name', status: 'is_hot', fields: ['price'] });
  });

  it('follows the screen\'s own card, filling only its fields when it names none', () => {
    const columns = cols('name', 'sku', 'status', 'price', 'stock');
    expect(cardOf({ title: 'sku', subtitle: 'name', fields: ['stock'], status: 'status' }, columns, goodsDefinition)).toEqual({
      title: 'sku',
      subtitle: 'name',
      status: 'status',
      fields: ['stock'],
    });
    // A screen card names no status: there is none (its choice), and the fields fill from the columns.
    expect(cardOf({ title: 'sku' }, columns, goodsDefinition)).toEqual({ title: 'sku', fields: ['name', 'status', 'price'] });
  });
});
