/** The system log as a read-only built-in resource. */
import { field, options, enumOf, text, lookup } from '../resources/fields';
import { builtin } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';
import type { ResourceDefinition } from '../../src/contract/resource';
import { auditActionOptions } from './actions';
import { presentLogLines } from './present';

/**
 * The system log, its actions named with the steps of these resources' workflows among them; the
 * registry remakes it with the admin-defined resources too (resources/definitions.ts).
 */
export const systemLogStore = (definitions: readonly ResourceDefinition[]): ResourceStore => ({
  ...builtin({
    name: 'system_logs',
    zh: '系统日志',
    en: 'System log',
    fields: [
      lookup('user_id', '用户', 'User', 'users', 'name'),
      text('username', '用户名', 'User name', 64, { searchable: true, indexed: true }),
      enumOf('action', '操作', 'Action', auditActionOptions(definitions), { required: true }),
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
    hooks: { present: presentLogLines },
  }),
  remadeWith: systemLogStore,
});
