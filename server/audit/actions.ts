import type { FieldOption, ResourceDefinition } from '../../src/contract/resource';

/**
 * Every action the system log records, with the words 系统日志 shows for it. A code written to the
 * log is listed here, or is a workflow's step (workflowAction); the log's `action` field offers these
 * as its options, so a list, a filter and an export read "登录" or "Log in", not "login".
 */
const ACTIONS = {
  login: ['登录', 'Log in'],
  logout: ['退出登录', 'Log out'],
  'qr-confirm': ['扫码确认登录', 'Confirm a QR login'],
  register: ['注册', 'Register'],
  'reset-password': ['重置密码', 'Reset password'],
  'change-password': ['修改密码', 'Change password'],
  lock: ['锁屏', 'Lock screen'],
  unlock: ['解锁', 'Unlock screen'],
  'end-session': ['结束登录设备', 'End a session'],
  'end-sessions': ['结束用户的全部登录', "End a user's sessions"],
  'disable-user': ['停用用户', 'Disable a user'],
  'enable-user': ['启用用户', 'Enable a user'],
  'update-profile': ['修改个人资料', 'Update profile'],
  'update-avatar': ['修改头像', 'Change avatar'],
  'create-share': ['创建分享链接', 'Create a share link'],
  'revoke-share': ['撤销分享链接', 'Revoke a share link'],
  'create-notice': ['发送通知', 'Send a notice'],
  'resource-create': ['新增记录', 'Create a record'],
  'resource-update': ['修改记录', 'Update a record'],
  'resource-delete': ['删除记录', 'Delete a record'],
  'resource-bulk-delete': ['批量删除记录', 'Delete records'],
  'resource-import': ['导入记录', 'Import records'],
  'resource-define': ['保存资源定义', 'Save a resource definition'],
  'resource-undefine': ['删除资源定义', 'Delete a resource definition'],
  'screen-save': ['保存页面草稿', 'Save a screen draft'],
  'screen-publish': ['发布页面', 'Publish a screen'],
  'screen-rollback': ['回滚页面', 'Roll back a screen'],
  'screen-menu-bind': ['绑定页面到菜单', 'Bind a screen to the menu'],
  'menu-move': ['调整菜单', 'Move a menu item'],
  'role-grants': ['修改角色权限', 'Change role grants'],
  'goods-batch': ['商品批量操作', 'Change goods in a batch'],
  'goods-batch-undo': ['撤销商品批量操作', 'Undo a batch of goods changes'],
  'poster-create': ['新建海报', 'Create a poster'],
  'poster-update': ['修改海报', 'Update a poster'],
  'poster-delete': ['删除海报', 'Delete a poster'],
} satisfies Record<string, [zh: string, en: string]>;

const AUDIT_ACTION_OPTIONS: FieldOption[] = Object.entries(ACTIONS).map(([value, [zh, en]]) => ({ value, label: { zh, en } }));

/** Between a screen-menu-bind's menu name and the roles it was given, in its detail: `商品列表 → roles 2,3`. */
export const MENU_BIND_ROLES = ' → roles ';

/** How the log names a step of a record's workflow (resources/workflow.ts): "resource-urge". */
export const workflowAction = (transition: string): `resource-${string}` => `resource-${transition}`;

/** Whether a logged action is a workflow's step (`resource-urge`) rather than one of the console's own. */
export const isWorkflowAction = (action: string): boolean => action.startsWith('resource-') && !Object.hasOwn(ACTIONS, action);

/** What a line of the log may name as its action: one listed above, or a workflow's step. */
export type AuditAction = keyof typeof ACTIONS | ReturnType<typeof workflowAction>;

/**
 * The log's actions: the console's own, then each step of these resources' workflows in the words
 * its button shows (催报价, 采纳…), the first resource's words where two name a step alike.
 */
export function auditActionOptions(definitions: readonly ResourceDefinition[]): FieldOption[] {
  const options = new Map(AUDIT_ACTION_OPTIONS.map((option) => [option.value, option]));
  for (const { workflow } of definitions) {
    for (const { name, label } of workflow?.transitions ?? []) {
      const value = workflowAction(name);
      if (!options.has(value)) options.set(value, { value, label });
    }
  }
  return [...options.values()];
}
