/** The chat robots' reply rules as a built-in resource. */
import { field, options, enumOf, text, lookup } from '../resources/fields';
import { builtin, codes, ADMIN } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';

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

export const CHAT_RESOURCES: ResourceStore[] = [robotRules];
