/**
 * Built-in resources: definitions over the typed tables of migrations 0001–0008, with the titles,
 * enums and permission codes a seller or an administrator expects. Field names are the column names.
 * Passwords, tokens and sessions are never fields: they cannot be read or written here. Each area
 * declares its own beside its code (server/<area>/resources.ts); builtin-stores.ts lists them all.
 */
import type { ResourceAction, ResourceDefinition, ResourceField } from '../../src/contract/resource';
import { enumOf, field, lookup, money, numbered, options, remark, text } from './fields';
import { storageOf, type ResourceStore, type StoreHooks, type SystemColumns } from './store';

/** Read actions need the first code, writing ones the second. */
export function readWrite(read: string, write: string): Partial<Record<ResourceAction, string>> {
  return { list: read, get: read, export: read, create: write, update: write, delete: write, import: write };
}
/** Codes named after the resource: `<name>:read` and `<name>:write`. */
export const codes = (name: string) => readWrite(`${name}:read`, `${name}:write`);
/** Both codes of each resource named, as a role is granted them. */
export const readWriteOf = (names: string[]) => names.flatMap((name) => [`${name}:read`, `${name}:write`]);

/** Business tables (migration 0002) carry every system column. */
export const FULL: SystemColumns = { teamId: 'team_id', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at', version: 'version' };
/** Administration tables (migration 0001) know no author; most know no team either. */
export const ADMIN: SystemColumns = { ...FULL, teamId: null, createdBy: null };

export interface BuiltinSpec {
  name: string;
  zh: string;
  en: string;
  fields: ResourceField[];
  labelField: string;
  teamScoped: boolean;
  permissions: Partial<Record<ResourceAction, string>>;
  system?: SystemColumns;
  parentField?: string;
  actions?: ResourceAction[];
  indexes?: string[][];
  /** Columns that may hold NULL; every other non-required column stores '' or 0 for "empty". */
  nullable?: string[];
  /** Unique column sets beyond single `unique` fields (which are unique across the whole table). */
  uniques?: string[][];
  numbered?: Record<string, string>;
  hooks?: StoreHooks;
}

export function builtin(spec: BuiltinSpec): ResourceStore {
  const definition: ResourceDefinition = {
    name: spec.name,
    title: { zh: spec.zh, en: spec.en },
    kind: 'builtin',
    fields: spec.fields,
    labelField: spec.labelField,
    teamScoped: spec.teamScoped,
    permissions: spec.permissions,
    version: 1,
    ...(spec.parentField ? { parentField: spec.parentField } : {}),
    ...(spec.actions ? { actions: spec.actions } : {}),
    ...(spec.indexes ? { indexes: spec.indexes } : {}),
  };
  const nullable = new Set(spec.nullable ?? []);
  const emptyValues: Record<string, string | number> = {};
  for (const f of spec.fields) {
    if (f.required || nullable.has(f.name)) continue;
    emptyValues[f.name] = storageOf(f) === 'text' ? '' : 0;
  }
  const single = spec.fields.filter((f) => f.unique && !(spec.uniques ?? []).some((set) => set.includes(f.name))).map((f) => [f.name]);
  return {
    definition,
    table: spec.name,
    system: spec.system ?? FULL,
    uniques: [...single, ...(spec.uniques ?? [])],
    numbered: spec.numbered ?? {},
    emptyValues,
    hooks: spec.hooks ?? {},
  };
}

const priceAsks = builtin({
  name: 'price_asks',
  zh: '询价单',
  en: 'Price asks',
  fields: [
    numbered('ask_no', '询价单号', 'Asking number'),
    text('goods_name', '商品名称', 'Goods', 200, { required: true, searchable: true }),
    text('spec', '规格', 'Specification', 128),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    money('expected_price_fen', '期望单价', 'Expected price'),
    enumOf('kind', '询价类型', 'Kind', options(['ordinary', '普通询价', 'Ordinary', 'blue'], ['addprice', '加价询价', 'Add price', 'orange']), {
      required: true,
      default: 'ordinary',
    }),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['pending', '待报价', 'Pending', 'orange'], ['quoted', '已报价', 'Quoted', 'blue'], ['accepted', '已采纳', 'Accepted', 'green'], ['closed', '已关闭', 'Closed', 'default']),
      { required: true, default: 'pending' },
    ),
    enumOf('handle_mode', '处理方式', 'Handling', options(['auto', '自动', 'Automatic', 'cyan'], ['manual', '人工', 'Manual', 'purple']), {
      required: true,
      default: 'manual',
    }),
    field('deadline_at', 'datetime', '截止时间', 'Deadline'),
    remark(),
  ],
  labelField: 'ask_no',
  teamScoped: true,
  permissions: codes('price_asks'),
  nullable: ['expected_price_fen', 'deadline_at'],
  numbered: { ask_no: 'XJ' },
});

const priceQuotes = builtin({
  name: 'price_quotes',
  zh: '报价单',
  en: 'Price quotes',
  fields: [
    lookup('ask_id', '询价单', 'Price ask', 'price_asks', 'ask_no', { required: true, indexed: true }),
    numbered('quote_no', '报价单号', 'Quote number'),
    enumOf('quote_type', '报价类型', 'Quote type', options(['spot', '现货', 'Spot', 'green'], ['transfer', '调货', 'Transfer', 'blue']), { required: true }),
    money('price_fen', '报价单价', 'Unit price', { required: true }),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    field('delivery_days', 'integer', '交货天数', 'Delivery days', { required: true, minimum: 0 }),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['submitted', '已提交', 'Submitted', 'blue'], ['accepted', '已采纳', 'Accepted', 'green'], ['rejected', '未采纳', 'Rejected', 'red'], ['expired', '已过期', 'Expired', 'default']),
      { required: true, default: 'submitted' },
    ),
    lookup('quoted_by', '报价人', 'Quoted by', 'users', 'name'),
    remark(),
  ],
  labelField: 'quote_no',
  teamScoped: true,
  permissions: codes('price_quotes'),
  nullable: ['quoted_by'],
  numbered: { quote_no: 'BJ' },
});

export const PRICE_RESOURCES: ResourceStore[] = [priceAsks, priceQuotes];

/** What the demo roles need of asks and quotes in their own team (seed/demo.ts). */
export const PRICE_ASK_SELLER_PERMISSIONS = readWriteOf(['price_asks']);
export const QUOTER_RESOURCE_PERMISSIONS = ['price_quotes:read', 'price_quotes:write', 'price_asks:read'];
