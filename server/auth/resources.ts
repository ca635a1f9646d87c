/** The built-in resources of accounts and their organisation: users, roles, departments and teams. */
import { settings } from '../../src/contract/settings';
import { field, options, enumOf, text, remark, lookup, ENABLED } from '../resources/fields';
import { builtin, readWrite, codes, FULL, ADMIN } from '../resources/builtin';
import type { ResourceStore } from '../resources/store';
import { revokeUserSessions } from './sessions';

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

export const ACCOUNT_RESOURCES: ResourceStore[] = [users, roles, departments, teams];
