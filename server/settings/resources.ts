/** The built-in resources of the settings area: dictionaries, scheduled tasks, servers, IoT devices, websites and the release notes. */
import { field, options, enumOf, text, remark, lookup, ENABLED, ONLINE } from '../resources/fields';
import { builtin, codes, ADMIN } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';

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

/** The kinds of a release note, coloured as its tag. */
export const CHANGE_KINDS = options(['feature', '新功能', 'New', 'green'], ['improvement', '优化', 'Improved', 'blue'], ['fix', '修复', 'Fixed', 'orange']);

// Release notes are for everyone who holds the menu to read, as dictionaries are; only their writers change them.
const changeLogs = builtin({
  name: 'change_logs',
  zh: '更新日志',
  en: 'Change log',
  fields: [
    text('version_no', '版本号', 'Version', 32, {
      required: true,
      format: 'releaseVersion',
      searchable: true,
      description: { zh: '主版本.次版本.修订号，如 1.4.0', en: 'major.minor.patch, e.g. 1.4.0' },
    }),
    field('released_on', 'date', '发布日期', 'Released on', { required: true, indexed: true }),
    enumOf('kind', '类型', 'Kind', CHANGE_KINDS, { required: true, default: 'feature' }),
    text('title', '标题', 'Title', 200, { required: true, minLength: 1, searchable: true }),
    field('content', 'text', '内容', 'Content', { required: true, minLength: 1, maxLength: 5000, searchable: true }),
  ],
  labelField: 'title',
  teamScoped: false,
  permissions: { ...codes('change_logs'), list: undefined, get: undefined, export: undefined },
  system: ADMIN,
});

export const SETTING_RESOURCES: ResourceStore[] = [dictionaries, dictionaryItems, tasks, servers, iotDevices, websites, changeLogs];
