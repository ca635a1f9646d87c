import type { ResourceDefinition, ResourceRecord } from '../../../src/contract/resource';
import type { Screen } from '../../../src/contract/screen';

const l = (zh: string, en: string) => ({ zh, en });

/** A resource with a field of every type the form draws. */
export const supplier: ResourceDefinition = {
  name: 'supplier',
  title: l('供应商', 'Supplier'),
  kind: 'custom',
  labelField: 'name',
  teamScoped: true,
  version: 3,
  fields: [
    { name: 'name', title: l('名称', 'Name'), type: 'string', required: true, maxLength: 50 },
    { name: 'mobile', title: l('手机号', 'Mobile'), type: 'string', format: 'mobile' },
    {
      name: 'level',
      title: l('等级', 'Level'),
      type: 'enum',
      options: [
        { value: 'a', label: l('A 级', 'Grade A') },
        { value: 'b', label: l('B 级', 'Grade B') },
      ],
    },
    { name: 'credit', title: l('授信额度', 'Credit'), type: 'money', minimum: 0 },
    { name: 'active', title: l('启用', 'Active'), type: 'boolean' },
    { name: 'founded', title: l('成立日期', 'Founded'), type: 'date' },
    { name: 'province', title: l('省份', 'Province'), type: 'lookup', lookup: { resource: 'province', label: 'name' } },
    { name: 'city', title: l('城市', 'City'), type: 'lookup', lookup: { resource: 'city', label: 'name' } },
    { name: 'category', title: l('类目', 'Category'), type: 'dict', dict: 'supplier_category' },
    { name: 'logo', title: l('标志', 'Logo'), type: 'image', maxSize: 1024 * 1024 },
    { name: 'license', title: l('营业执照', 'License'), type: 'file' },
    { name: 'intro', title: l('简介', 'Introduction'), type: 'richtext' },
    {
      name: 'items',
      title: l('供货清单', 'Supplied goods'),
      type: 'rows',
      columns: [
        { name: 'product', title: l('商品', 'Product'), type: 'string', required: true },
        { name: 'qty', title: l('数量', 'Quantity'), type: 'integer', minimum: 1 },
        { name: 'price', title: l('单价', 'Unit price'), type: 'money' },
      ],
    },
    { name: 'remark', title: l('备注', 'Remark'), type: 'text' },
    { name: 'score', title: l('评分', 'Score'), type: 'integer', readOnly: true },
  ],
};

export const supplierScreen: Screen = {
  id: 'supplier/list',
  version: 1,
  title: l('供应商', 'Suppliers'),
  kind: 'list',
  resource: 'supplier',
  list: { columns: [{ field: 'name' }] },
};

export function supplierRecord(values: Partial<ResourceRecord> = {}): ResourceRecord {
  return {
    id: 7,
    version: 4,
    team_id: 1,
    created_by: 2,
    created_at: Date.UTC(2026, 0, 5, 2, 0),
    updated_at: Date.UTC(2026, 0, 6, 3, 30),
    name: '华东五金',
    mobile: '13800138000',
    level: 'a',
    credit: 1234550,
    active: true,
    founded: '2019-03-08',
    province: null,
    city: null,
    category: null,
    logo: null,
    license: null,
    intro: '<p>老牌供应商</p>',
    items: [{ product: '螺丝', qty: 100, price: 25 }],
    remark: null,
    score: 90,
    ...values,
  };
}
