/** Sent notices as a built-in resource: read and withdrawn by those who send them. */
import { field, options, enumOf, text } from '../resources/fields';
import { builtin, readWrite } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';

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

export const NOTICE_RESOURCES: ResourceStore[] = [notices];
