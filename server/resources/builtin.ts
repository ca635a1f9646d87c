/**
 * The built-in resources: definitions over the typed tables of migrations 0001–0008, with the
 * titles, enums and permission codes a seller or an administrator expects. Field names are the
 * column names. Passwords, tokens and sessions are never fields: they cannot be read or written here.
 */
import type { FieldOption, FieldType, ResourceAction, ResourceDefinition, ResourceField } from '../../src/contract/resource';
import { settings } from '../../src/contract/settings';
import { revokeUserSessions } from '../auth/sessions';
import { AUDIT_ACTION_OPTIONS } from '../audit/actions';
import { storageOf, type ResourceStore, type StoreHooks, type SystemColumns } from './store';

type Extra = Partial<Omit<ResourceField, 'name' | 'title' | 'type'>>;

function field(name: string, type: FieldType, zh: string, en: string, extra: Extra = {}): ResourceField {
  return { name, title: { zh, en }, type, ...extra };
}

/** Enum options from [value, zh, en, colour?] tuples. */
function options(...items: Array<[value: string | number, zh: string, en: string, color?: string]>): FieldOption[] {
  return items.map(([value, zh, en, color]) => ({ value, label: { zh, en }, ...(color ? { color } : {}) }));
}

const enumOf = (name: string, zh: string, en: string, items: FieldOption[], extra: Extra = {}) =>
  field(name, 'enum', zh, en, { options: items, indexed: true, ...extra });
const text = (name: string, zh: string, en: string, maxLength: number, extra: Extra = {}) =>
  field(name, 'string', zh, en, { maxLength, ...extra });
const remark = (maxLength = 255) => field('remark', 'string', '备注', 'Remark', { maxLength });
const money = (name: string, zh: string, en: string, extra: Extra = {}) => field(name, 'money', zh, en, { minimum: 0, ...extra });
const lookup = (name: string, zh: string, en: string, resource: string, label: string, extra: Extra = {}) =>
  field(name, 'lookup', zh, en, { lookup: { resource, label }, ...extra });
const numbered = (name: string, zh: string, en: string) =>
  text(name, zh, en, 64, {
    searchable: true,
    unique: true,
    description: { zh: '留空时自动生成', en: 'Generated when left empty' },
  });

const PLATFORMS = options(['douyin', '抖音', 'Douyin', 'magenta'], ['kuaishou', '快手', 'Kuaishou', 'orange'], ['wechat', '微信小店', 'WeChat Store', 'green']);
const ENABLED = options([1, '启用', 'Enabled', 'green'], [0, '停用', 'Disabled', 'red']);
const ONLINE = options(['online', '在线', 'Online', 'green'], ['offline', '离线', 'Offline', 'default']);

/** Read actions need the first code, writing ones the second. */
function readWrite(read: string, write: string): Partial<Record<ResourceAction, string>> {
  return { list: read, get: read, export: read, create: write, update: write, delete: write, import: write };
}
/** Codes named after the resource: `<name>:read` and `<name>:write`. */
const codes = (name: string) => readWrite(`${name}:read`, `${name}:write`);

/** Business tables (migration 0002) carry every system column. */
const FULL: SystemColumns = { teamId: 'team_id', createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'updated_at', version: 'version' };
/** Administration tables (migration 0001) know no author; most know no team either. */
const ADMIN: SystemColumns = { ...FULL, teamId: null, createdBy: null };

interface BuiltinSpec {
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

function builtin(spec: BuiltinSpec): ResourceStore {
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

/**
 * What a user created here has for a password: no argon2 hash, so no password matches it until the
 * user sets one through "forgot password" with the mobile number the administrator entered.
 */
export const UNUSABLE_PASSWORD = '!unset';

const users = builtin({
  name: 'users',
  zh: '用户',
  en: 'Users',
  fields: [
    text('username', '用户名', 'User name', 64, { required: true, unique: true, searchable: true, indexed: true }),
    text('name', '姓名', 'Name', 64, { required: true, searchable: true }),
    // Not required: robots (is_robot) are users without a phone.
    text('mobile', '手机号', 'Mobile', 20, {
      format: 'mobile',
      unique: true,
      searchable: true,
      description: { zh: '新用户凭此手机号的验证码设置密码', en: 'A new user sets a password with a code sent to this number' },
    }),
    text('email', '邮箱', 'Email', 255, { format: 'email', searchable: true }),
    field('logo', 'image', '头像', 'Avatar', { maxLength: 512, default: settings.defaultAvatar }),
    lookup('department_id', '部门', 'Department', 'departments', 'name'),
    enumOf('status', '状态', 'Status', ENABLED, { required: true, default: 1 }),
    field('is_robot', 'boolean', '机器人', 'Robot', { default: false }),
  ],
  labelField: 'name',
  teamScoped: true,
  // Team managers manage their own team's members; deleting an account is for administrators.
  permissions: { ...readWrite('user:manage', 'user:manage'), delete: 'user:delete' },
  system: { ...FULL, createdBy: null },
  actions: ['list', 'get', 'create', 'update', 'delete', 'export'],
  nullable: ['department_id', 'email', 'mobile'],
  hooks: {
    insertColumns: () => ({ password_hash: UNUSABLE_PASSWORD }),
    protect: (record, action, caller) => (action === 'delete' && record.id === caller.userId ? 'cannotDeleteSelf' : null),
    // A disabled account is signed out everywhere, as /api/admin/user/status does.
    async afterWrite(trx, before, after) {
      if (after && before && before.status === 1 && after.status === 0) await revokeUserSessions(trx, after.id);
    },
  },
});

const roles = builtin({
  name: 'roles',
  zh: '角色',
  en: 'Roles',
  fields: [
    text('code', '角色编码', 'Code', 64, { required: true, unique: true, searchable: true }),
    text('name', '角色名称', 'Name', 64, { required: true, searchable: true }),
    text('role_type', '角色类型', 'Role type', 32, { required: true }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: false,
  permissions: codes('roles'),
  system: ADMIN,
  hooks: { protect: (record, action) => (action === 'delete' && record.code === 'admin' ? 'builtinRecordProtected' : null) },
});

const menus = builtin({
  name: 'menus',
  zh: '菜单',
  en: 'Menus',
  fields: [
    lookup('parent_id', '上级菜单', 'Parent', 'menus', 'title_zh', { indexed: true }),
    text('title_zh', '中文标题', 'Chinese title', 64, { required: true, searchable: true }),
    text('title_en', '英文标题', 'English title', 64, { required: true, searchable: true }),
    text('name', '路由名称', 'Route name', 64, { required: true, unique: true, searchable: true }),
    text('path', '路由地址', 'Path', 255, { required: true }),
    text('vue_path', '视图', 'View', 255),
    text('icon', '图标', 'Icon', 64),
    text('permission', '权限码', 'Permission', 128),
    field('hidden', 'boolean', '隐藏', 'Hidden', { default: false }),
    field('sort', 'integer', '排序', 'Order', { default: 0 }),
  ],
  labelField: 'title_zh',
  teamScoped: false,
  permissions: codes('menus'),
  system: ADMIN,
  parentField: 'parent_id',
  nullable: ['parent_id'],
});

const departments = builtin({
  name: 'departments',
  zh: '部门',
  en: 'Departments',
  fields: [
    lookup('parent_id', '上级部门', 'Parent', 'departments', 'name', { indexed: true }),
    text('name', '部门名称', 'Name', 100, { required: true, searchable: true }),
    text('leader', '负责人', 'Leader', 64, { searchable: true }),
    text('phone', '联系电话', 'Phone', 32),
    field('sort', 'integer', '排序', 'Order', { default: 0 }),
    enumOf('status', '状态', 'Status', ENABLED, { required: true, default: 1 }),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('departments'),
  system: { ...FULL, createdBy: null },
  parentField: 'parent_id',
  nullable: ['parent_id'],
});

// Dictionaries feed every form's options, so any signed-in user may read them.
const dictionaryPermissions = { ...codes('dictionaries'), list: undefined, get: undefined };

const dictionaries = builtin({
  name: 'dictionaries',
  zh: '字典',
  en: 'Dictionaries',
  fields: [
    text('code', '字典编码', 'Code', 64, { required: true, unique: true, searchable: true }),
    text('name', '字典名称', 'Name', 64, { required: true, searchable: true }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: false,
  permissions: dictionaryPermissions,
  system: ADMIN,
});

const dictionaryItems = builtin({
  name: 'dictionary_items',
  zh: '字典项',
  en: 'Dictionary items',
  fields: [
    lookup('dictionary_id', '所属字典', 'Dictionary', 'dictionaries', 'name', { required: true, indexed: true }),
    text('value', '值', 'Value', 64, { required: true }),
    text('label_zh', '中文名称', 'Chinese label', 64, { required: true, searchable: true }),
    text('label_en', '英文名称', 'English label', 64, { required: true, searchable: true }),
    field('sort', 'integer', '排序', 'Order', { default: 0 }),
    enumOf('status', '状态', 'Status', ENABLED, { required: true, default: 1 }),
  ],
  labelField: 'label_zh',
  teamScoped: false,
  permissions: dictionaryPermissions,
  system: ADMIN,
  uniques: [['dictionary_id', 'value']],
});

const teams = builtin({
  name: 'teams',
  zh: '团队',
  en: 'Teams',
  fields: [
    text('name', '团队名称', 'Name', 100, { required: true, searchable: true }),
    enumOf(
      'type',
      '团队类型',
      'Team type',
      options([1, '询价团队', 'Asking team', 'blue'], [2, '云仓团队', 'Cloud team', 'cyan'], [3, '运营团队', 'Operation team', 'purple']),
      { required: true },
    ),
  ],
  labelField: 'name',
  teamScoped: false,
  permissions: codes('teams'),
  system: ADMIN,
});

const notices = builtin({
  name: 'notices',
  zh: '通知',
  en: 'Notices',
  fields: [
    enumOf('type', '通知类型', 'Type', options([1, '新增商品', 'Product added', 'green'], [2, '报价', 'Price quoted', 'blue'], [3, '改价', 'Price changed', 'orange']), {
      required: true,
    }),
    field('content', 'richtext', '内容', 'Content', { required: true, maxLength: 10000 }),
    text('find_id', '询价单号', 'Asking number', 64, { required: true, searchable: true }),
    enumOf('target_kind', '发送对象', 'Recipient', options(['user', '用户', 'User'], ['role', '角色', 'Role'], ['team', '团队', 'Team'], ['all', '全部', 'Everyone']), {
      required: true,
    }),
    field('target_id', 'integer', '对象编号', 'Recipient id'),
  ],
  labelField: 'find_id',
  teamScoped: false,
  // Sent through /api/admin/notices, which checks the recipient; here they are read and withdrawn.
  permissions: readWrite('notice:create', 'notice:create'),
  system: { teamId: null, createdBy: 'created_by', createdAt: 'created_at', updatedAt: 'created_at', version: null },
  actions: ['list', 'get', 'delete', 'export'],
  nullable: ['target_id'],
});

const tasks = builtin({
  name: 'tasks',
  zh: '定时任务',
  en: 'Tasks',
  fields: [
    text('name', '任务名称', 'Name', 100, { required: true, searchable: true }),
    text('cron', 'Cron 表达式', 'Cron', 64, { required: true }),
    text('handler', '处理程序', 'Handler', 128, { required: true, searchable: true }),
    enumOf('status', '状态', 'Status', options(['enabled', '启用', 'Enabled', 'green'], ['disabled', '停用', 'Disabled', 'default']), {
      required: true,
      default: 'enabled',
    }),
    field('last_run_at', 'datetime', '上次运行', 'Last run', { readOnly: true }),
    text('last_result', '上次结果', 'Last result', 255, { readOnly: true }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('tasks'),
  nullable: ['last_run_at'],
});

const servers = builtin({
  name: 'servers',
  zh: '服务器',
  en: 'Servers',
  fields: [
    text('name', '名称', 'Name', 100, { required: true, searchable: true }),
    text('host', '主机名', 'Host', 255, { required: true, searchable: true }),
    text('ip', 'IP 地址', 'IP address', 64, { required: true, searchable: true }),
    text('os', '操作系统', 'Operating system', 64),
    field('cpu_cores', 'integer', 'CPU 核数', 'CPU cores', { required: true, minimum: 1 }),
    field('memory_mb', 'integer', '内存 (MB)', 'Memory (MB)', { required: true, minimum: 1 }),
    enumOf('status', '状态', 'Status', ONLINE, { required: true, default: 'online' }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('servers'),
});

const iotDevices = builtin({
  name: 'iot_devices',
  zh: '物联网设备',
  en: 'IoT devices',
  fields: [
    text('device_no', '设备编号', 'Device number', 64, { required: true, unique: true, searchable: true }),
    text('name', '设备名称', 'Name', 100, { required: true, searchable: true }),
    text('kind', '设备类型', 'Kind', 32, { required: true }),
    text('location', '安装位置', 'Location', 128, { searchable: true }),
    enumOf('status', '状态', 'Status', options(['online', '在线', 'Online', 'green'], ['offline', '离线', 'Offline', 'default'], ['fault', '故障', 'Fault', 'red']), {
      required: true,
      default: 'offline',
    }),
    field('last_seen_at', 'datetime', '最后上报', 'Last seen', { readOnly: true }),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('iot_devices'),
  nullable: ['last_seen_at'],
});

const websites = builtin({
  name: 'websites',
  zh: '网站',
  en: 'Websites',
  fields: [
    text('name', '网站名称', 'Name', 100, { required: true, searchable: true }),
    text('domain', '域名', 'Domain', 255, { required: true, searchable: true }),
    text('icp', 'ICP 备案号', 'ICP licence', 64),
    enumOf('status', '状态', 'Status', ONLINE, { required: true, default: 'online' }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('websites'),
});

const systemLogs = builtin({
  name: 'system_logs',
  zh: '系统日志',
  en: 'System log',
  fields: [
    lookup('user_id', '用户', 'User', 'users', 'name'),
    text('username', '用户名', 'User name', 64, { searchable: true, indexed: true }),
    enumOf('action', '操作', 'Action', AUDIT_ACTION_OPTIONS, { required: true }),
    text('target', '对象', 'Target', 255, { searchable: true }),
    text('ip', 'IP 地址', 'IP address', 64),
    enumOf('result', '结果', 'Result', options(['ok', '成功', 'Success', 'green'], ['fail', '失败', 'Failure', 'red']), { required: true }),
    field('detail', 'text', '详情', 'Detail'),
  ],
  labelField: 'action',
  teamScoped: false,
  permissions: { list: 'system_logs:read', get: 'system_logs:read', export: 'system_logs:read' },
  system: { teamId: null, createdBy: null, createdAt: 'created_at', updatedAt: 'created_at', version: null },
  actions: ['list', 'get', 'export'],
  nullable: ['user_id'],
});

// ---- business ------------------------------------------------------------------------------

const goods = builtin({
  name: 'goods',
  zh: '商品',
  en: 'Goods',
  fields: [
    text('sku', '商品编码', 'SKU', 64, { required: true, searchable: true }),
    text('name', '商品名称', 'Name', 200, { required: true, searchable: true }),
    text('category', '类目', 'Category', 64, { searchable: true, indexed: true }),
    text('brand', '品牌', 'Brand', 64, { searchable: true }),
    text('spec', '规格', 'Specification', 128),
    text('unit', '单位', 'Unit', 16),
    money('price_fen', '售价', 'Price', { required: true }),
    money('cost_fen', '成本价', 'Cost'),
    field('stock', 'integer', '库存', 'Stock', { minimum: 0, default: 0 }),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['on_sale', '在售', 'On sale', 'green'], ['off_sale', '已下架', 'Off sale', 'default'], ['draft', '草稿', 'Draft', 'blue']),
      { required: true, default: 'draft' },
    ),
    field('image', 'image', '商品图片', 'Image', { maxLength: 512, accept: ['image/png', 'image/jpeg', 'image/webp'] }),
    remark(),
  ],
  labelField: 'name',
  teamScoped: true,
  permissions: codes('goods'),
  // The SKU is unique within a team (goods_team_sku).
  uniques: [['team_id', 'sku']],
});

const goodsComments = builtin({
  name: 'goods_comments',
  zh: '商品评价',
  en: 'Goods comments',
  fields: [
    lookup('goods_id', '商品', 'Goods', 'goods', 'name', { required: true, indexed: true }),
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    text('buyer_nick', '买家昵称', 'Buyer', 64, { required: true, searchable: true }),
    field('rating', 'integer', '评分', 'Rating', { required: true, minimum: 1, maximum: 5 }),
    field('content', 'text', '评价内容', 'Comment', { required: true, maxLength: 1000, searchable: true }),
    field('reply', 'text', '商家回复', 'Reply', { maxLength: 1000 }),
    enumOf('status', '状态', 'Status', options(['visible', '显示', 'Visible', 'green'], ['hidden', '隐藏', 'Hidden', 'default']), {
      required: true,
      default: 'visible',
    }),
  ],
  labelField: 'buyer_nick',
  teamScoped: true,
  permissions: codes('goods_comments'),
});

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

const storeOrders = builtin({
  name: 'store_orders',
  zh: '店铺订单',
  en: 'Store orders',
  fields: [
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    text('order_no', '订单号', 'Order number', 64, { required: true, searchable: true }),
    text('shop_name', '店铺', 'Shop', 100, { required: true, searchable: true }),
    text('buyer_nick', '买家昵称', 'Buyer', 64, { required: true, searchable: true }),
    text('goods_name', '商品名称', 'Goods', 200, { required: true, searchable: true }),
    text('sku', '商品编码', 'SKU', 64),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    money('amount_fen', '实付金额', 'Amount paid', { required: true }),
    money('freight_fen', '运费', 'Freight'),
    enumOf(
      'status',
      '订单状态',
      'Status',
      options(['pending', '待发货', 'To ship', 'orange'], ['shipped', '已发货', 'Shipped', 'blue'], ['signed', '已签收', 'Signed', 'green'], ['refunded', '已退款', 'Refunded', 'red']),
      { required: true, default: 'pending' },
    ),
    text('express_company', '快递公司', 'Carrier', 32),
    text('express_no', '快递单号', 'Tracking number', 64, { searchable: true }),
    field('paid_at', 'datetime', '付款时间', 'Paid at', { required: true, indexed: true }),
    field('shipped_at', 'datetime', '发货时间', 'Shipped at'),
    field('reconciled', 'boolean', '已对账', 'Reconciled', { default: false }),
  ],
  labelField: 'order_no',
  teamScoped: true,
  permissions: codes('store_orders'),
  indexes: [['platform', 'paid_at'], ['platform', 'status']],
  nullable: ['express_no', 'shipped_at'],
  // An order number is unique on its platform (store_orders_platform_order_no).
  uniques: [['platform', 'order_no']],
});

const storeBills = builtin({
  name: 'store_bills',
  zh: '店铺账单',
  en: 'Store bills',
  fields: [
    enumOf('platform', '平台', 'Platform', PLATFORMS, { required: true }),
    numbered('bill_no', '账单号', 'Bill number'),
    text('period', '账期', 'Period', 7, { required: true, minLength: 7, description: { zh: '格式 YYYY-MM', en: 'As YYYY-MM' } }),
    text('shop_name', '店铺', 'Shop', 100, { required: true, searchable: true }),
    field('order_count', 'integer', '订单数', 'Orders', { minimum: 0, default: 0 }),
    money('income_fen', '收入', 'Income'),
    money('refund_fen', '退款', 'Refunds'),
    money('fee_fen', '平台服务费', 'Platform fees'),
    // Refunds and fees can exceed the income of a month: a settlement may be negative.
    field('settle_fen', 'money', '结算金额', 'Settlement'),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['pending', '待确认', 'To confirm', 'orange'], ['confirmed', '已确认', 'Confirmed', 'green'], ['disputed', '有争议', 'Disputed', 'red']),
      { required: true, default: 'pending' },
    ),
    field('confirmed_at', 'datetime', '确认时间', 'Confirmed at'),
  ],
  labelField: 'bill_no',
  teamScoped: true,
  permissions: codes('store_bills'),
  indexes: [['platform', 'period']],
  nullable: ['confirmed_at'],
  numbered: { bill_no: 'ZD' },
});

const purchases = builtin({
  name: 'purchases',
  zh: '采购单',
  en: 'Purchases',
  fields: [
    numbered('purchase_no', '采购单号', 'Purchase number'),
    text('supplier', '供应商', 'Supplier', 100, { required: true, searchable: true }),
    text('goods_name', '商品名称', 'Goods', 200, { required: true, searchable: true }),
    field('quantity', 'integer', '数量', 'Quantity', { required: true, minimum: 1 }),
    money('amount_fen', '采购金额', 'Amount', { required: true }),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['draft', '草稿', 'Draft', 'default'], ['ordered', '已下单', 'Ordered', 'blue'], ['received', '已收货', 'Received', 'green'], ['cancelled', '已取消', 'Cancelled', 'red']),
      { required: true, default: 'draft' },
    ),
    field('expected_at', 'datetime', '预计到货', 'Expected at'),
  ],
  labelField: 'purchase_no',
  teamScoped: true,
  permissions: codes('purchases'),
  nullable: ['expected_at'],
  numbered: { purchase_no: 'CG' },
});

const signRecords = builtin({
  name: 'sign_records',
  zh: '签收记录',
  en: 'Deliveries',
  fields: [
    text('order_no', '订单号', 'Order number', 64, { required: true, searchable: true, indexed: true }),
    text('express_company', '快递公司', 'Carrier', 32, { required: true }),
    text('express_no', '快递单号', 'Tracking number', 64, { required: true, searchable: true }),
    text('receiver', '收件人', 'Receiver', 64, { required: true, searchable: true }),
    field('signed_at', 'datetime', '签收时间', 'Signed at'),
    enumOf('status', '状态', 'Status', options(['waiting', '待签收', 'Waiting', 'orange'], ['signed', '已签收', 'Signed', 'green'], ['rejected', '拒收', 'Rejected', 'red']), {
      required: true,
      default: 'waiting',
    }),
    remark(),
  ],
  labelField: 'order_no',
  teamScoped: true,
  permissions: codes('sign_records'),
  nullable: ['signed_at'],
});

const workOrders = builtin({
  name: 'work_orders',
  zh: '工单',
  en: 'Work orders',
  fields: [
    numbered('order_no', '工单号', 'Ticket number'),
    text('title', '标题', 'Title', 200, { required: true, searchable: true }),
    field('content', 'text', '问题描述', 'Description', { required: true, maxLength: 10000 }),
    enumOf(
      'priority',
      '优先级',
      'Priority',
      options(['low', '低', 'Low', 'default'], ['normal', '普通', 'Normal', 'blue'], ['high', '高', 'High', 'orange'], ['urgent', '紧急', 'Urgent', 'red']),
      { required: true, default: 'normal' },
    ),
    enumOf(
      'status',
      '状态',
      'Status',
      options(['open', '待处理', 'Open', 'orange'], ['processing', '处理中', 'In progress', 'blue'], ['resolved', '已解决', 'Resolved', 'green'], ['closed', '已关闭', 'Closed', 'default']),
      { required: true, default: 'open' },
    ),
    lookup('assignee_id', '处理人', 'Assignee', 'users', 'name', { indexed: true }),
  ],
  labelField: 'title',
  teamScoped: true,
  permissions: codes('work_orders'),
  nullable: ['assignee_id'],
  numbered: { order_no: 'GD' },
});

const trades = builtin({
  name: 'trades',
  zh: '交易流水',
  en: 'Trades',
  fields: [
    numbered('trade_no', '流水号', 'Trade number'),
    enumOf('direction', '收支', 'Direction', options(['in', '收入', 'Income', 'green'], ['out', '支出', 'Expense', 'red']), { required: true }),
    money('amount_fen', '金额', 'Amount', { required: true }),
    enumOf('channel', '渠道', 'Channel', options(['alipay', '支付宝', 'Alipay', 'blue'], ['wechat', '微信支付', 'WeChat Pay', 'green'], ['bank', '银行转账', 'Bank transfer', 'purple']), {
      required: true,
    }),
    text('counterparty', '对方', 'Counterparty', 100, { required: true, searchable: true }),
    enumOf('status', '状态', 'Status', options(['success', '成功', 'Succeeded', 'green'], ['pending', '处理中', 'Pending', 'orange'], ['failed', '失败', 'Failed', 'red']), {
      required: true,
      default: 'success',
    }),
    field('traded_at', 'datetime', '交易时间', 'Traded at', { required: true, indexed: true }),
    remark(),
  ],
  labelField: 'trade_no',
  teamScoped: true,
  permissions: codes('trades'),
  numbered: { trade_no: 'JY' },
});

const robotRules = builtin({
  name: 'chat_robot_rules',
  zh: '机器人回复规则',
  en: 'Robot reply rules',
  fields: [
    lookup('robot_id', '机器人', 'Robot', 'users', 'name', { required: true, indexed: true }),
    text('keyword', '关键词', 'Keyword', 100, { required: true, searchable: true }),
    enumOf('match_mode', '匹配方式', 'Match', options(['contains', '包含', 'Contains', 'blue'], ['exact', '完全一致', 'Exact', 'purple']), {
      required: true,
      default: 'contains',
    }),
    field('reply', 'text', '回复内容', 'Reply', { required: true, maxLength: 2000, searchable: true }),
    field('enabled', 'boolean', '启用', 'Enabled', { default: true }),
    field('sort', 'integer', '排序', 'Order', { default: 0 }),
  ],
  labelField: 'keyword',
  teamScoped: false,
  permissions: codes('chat_robot_rules'),
  system: ADMIN,
});

/** Every built-in resource by name. */
export const BUILTIN_STORES: ReadonlyMap<string, ResourceStore> = new Map(
  [
    users,
    roles,
    menus,
    departments,
    dictionaries,
    dictionaryItems,
    teams,
    notices,
    tasks,
    servers,
    iotDevices,
    websites,
    systemLogs,
    goods,
    goodsComments,
    priceAsks,
    priceQuotes,
    storeOrders,
    storeBills,
    purchases,
    signRecords,
    workOrders,
    trades,
    robotRules,
  ].map((store) => [store.definition.name, store]),
);

/** The codes the demo roles need to work in their own team's business resources (seed/demo.ts). */
export const SELLER_RESOURCE_PERMISSIONS = [
  'goods',
  'goods_comments',
  'price_asks',
  'store_orders',
  'store_bills',
  'purchases',
  'sign_records',
  'work_orders',
  'trades',
].flatMap((name) => [`${name}:read`, `${name}:write`]);
export const QUOTER_RESOURCE_PERMISSIONS = ['price_quotes:read', 'price_quotes:write', 'price_asks:read'];
