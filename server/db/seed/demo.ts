import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import { hashPassword } from '../../auth/passwords';
import { settings } from '../../../src/contract/settings';
import { MENU, type MenuSeed } from './menu';
import { menuPermission } from '../../menus/permission-codes';
import { seedBusiness } from './business';
import { seedChat } from './chat';
import { QUOTER_RESOURCE_PERMISSIONS, SELLER_RESOURCE_PERMISSIONS } from '../../resources/builtin-stores';
import { QUOTING_PERMISSIONS } from '../../quoting/resources';
import { FILES_READ, FILES_WRITE } from '../../../src/contract/api/files';
import { POSTERS_READ, POSTERS_WRITE } from '../../../src/contract/api/posters';
import { seedFiles } from './files';
import { seedQuoting } from './quoting';
import { seedSystemLog } from './system-log';
import { seedChangeLog } from './change-log';

/** The demo accounts; printed at start-up in demo mode. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', password: 'admin123', role: 'admin', team: 'ops', name: '系统管理员' },
  { username: 'seller', password: 'seller123', role: 'seller', team: 'buyer', name: '王小美' },
  { username: 'staff', password: 'staff123', role: 'quoter', team: 'cloud', name: '李报价' },
] as const;

const TEAMS = {
  ops: { name: '运营中心', type: 3 },
  buyer: { name: '华南采购一部', type: 1 },
  cloud: { name: '云仓报价组', type: 2 },
  buyer2: { name: '华东采购二部', type: 1 },
  cloud2: { name: '深圳现货云仓', type: 2 },
} as const;
type TeamKey = keyof typeof TEAMS;

const ROLES = {
  admin: { name: '超级管理员', role_type: 'admin', remark: '拥有全部权限', permissions: ['*'], menus: [] as string[] },
  seller: {
    name: '询价员',
    role_type: 'seller',
    remark: '发起询价、管理商品与对账',
    permissions: [...SELLER_RESOURCE_PERMISSIONS, FILES_READ, FILES_WRITE, POSTERS_READ, POSTERS_WRITE],
    menus: ['Common', 'Question', 'Purchase', 'Sign', 'Dashboard', 'Index', 'Workbench', 'DataScreen', 'AskPrice', 'FindAddprice',
      'FindOrdinary', 'Bill', 'BillCore', 'DouyinOrder', 'KuaishouOrder', 'WechatOrder', 'importsend', 'ReconSummary', 'StoreBill',
      'Goods', 'GoodsList', 'GoodsManagement', 'GoodsComment', 'GoodsStatistics', 'OrderNotice', 'PosterDesign',
      'ProductCenter', 'Cashier', 'Explorer', 'WorkOrder', 'Trade', 'Chat', 'ChatAssistant', 'SpeechSynthesis',
      'Account', 'QuotationLink', 'Setting', 'ChangeLog', 'Main', 'HandleFind', 'UserCenter', 'ChangePassword'],
  },
  team_manager: {
    name: '团队管理员',
    role_type: 'manager',
    remark: '管理本团队成员（停用账号、结束登录），查看本团队文件和海报',
    // Reads the team's files and posters without changing them: the demo's read-only 文件管理 and 海报设计.
    permissions: ['user:manage', 'departments:read', 'purchases:read', 'sign_records:read', ...QUOTING_PERMISSIONS.manager, FILES_READ, POSTERS_READ],
    menus: ['Common', 'Question', 'Purchase', 'Sign', 'Dashboard', 'Index', 'Workbench', 'DataScreen', 'Goods', 'Explorer', 'PosterDesign', 'Account', 'Staff', 'Setting',
      'ChangeLog', 'Main', 'HandleFind', 'UserCenter', 'ChangePassword'],
  },
  quoter: {
    name: '报价员',
    role_type: 'staff',
    remark: '处理询价并报价',
    permissions: QUOTER_RESOURCE_PERMISSIONS,
    menus: ['Common', 'Spot', 'Transfer', 'Dashboard', 'Workbench', 'DataScreen', 'AskPrice', 'CoreAuto', 'CoreHandle', 'QuoteSpot',
      'QuoteTransfer', 'Chat', 'ChatAssistant', 'Account', 'QuotationLink', 'Setting', 'ChangeLog', 'Main', 'HandleFind', 'UserCenter',
      'ChangePassword'],
  },
} as const;

/** "询价员 · 华南采购一部": a demo account's role and team as the console names them, for the start banner. */
export function demoAccountRole(account: (typeof DEMO_ACCOUNTS)[number]): string {
  return `${ROLES[account.role].name} · ${TEAMS[account.team].name}`;
}

const DEPARTMENTS: Array<{ team: TeamKey; name: string; leader: string; phone: string; children?: string[] }> = [
  { team: 'ops', name: '运营中心', leader: '陈运营', phone: '13800000001', children: ['客服部', '技术部', '财务部'] },
  { team: 'buyer', name: '采购一部', leader: '王小美', phone: '13800000002', children: ['抖音组', '快手组'] },
  { team: 'cloud', name: '云仓', leader: '李报价', phone: '13800000003', children: ['现货组', '调货组'] },
];

const DICTIONARIES: Array<{ code: string; name: string; items: Array<[value: string, zh: string, en: string]> }> = [
  { code: 'team_type', name: '团队类型', items: [['1', '询价团队', 'Asking team'], ['2', '云仓团队', 'Cloud team'], ['3', '运营团队', 'Operation team']] },
  { code: 'notice_type', name: '通知类型', items: [['1', '新增商品', 'Product added'], ['2', '报价', 'Price quoted'], ['3', '改价', 'Price changed']] },
  { code: 'store_platform', name: '店铺平台', items: [['douyin', '抖音', 'Douyin'], ['kuaishou', '快手', 'Kuaishou'], ['wechat', '微信小店', 'WeChat Store']] },
  { code: 'user_status', name: '用户状态', items: [['1', '启用', 'Enabled'], ['0', '停用', 'Disabled']] },
  { code: 'order_status', name: '订单状态', items: [['pending', '待发货', 'To ship'], ['shipped', '已发货', 'Shipped'], ['signed', '已签收', 'Signed'], ['refunded', '已退款', 'Refunded']] },
];

/** The password every one of MORE_USERS shares. */
export const MORE_USERS_PASSWORD = 'demo123456';

export const MORE_USERS: Array<{ username: string; name: string; team: TeamKey; role: keyof typeof ROLES; mobile: string }> = [
  { username: 'zhaolei', name: '赵磊', team: 'buyer', role: 'seller', mobile: '13911110001' },
  { username: 'sunli', name: '孙丽', team: 'buyer2', role: 'seller', mobile: '13911110002' },
  { username: 'zhoujie', name: '周杰', team: 'cloud', role: 'quoter', mobile: '13911110003' },
  { username: 'wufang', name: '吴芳', team: 'cloud', role: 'quoter', mobile: '13911110004' },
  { username: 'qianwei', name: '钱伟', team: 'buyer', role: 'team_manager', mobile: '13911110005' },
  { username: 'zhengmin', name: '郑敏', team: 'cloud2', role: 'quoter', mobile: '13911110006' },
];

export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Fills an empty database with the demo data, all or nothing. */
/** `dataDir`: where 文件管理's demo files are written; without it the demo has no files. */
export async function seedDemo(db: Kysely<Database>, { dataDir }: { dataDir?: string } = {}): Promise<void> {
  const now = Date.now();
  // Hash outside the transaction: argon2 is slow on purpose and SQLite holds its write lock meanwhile.
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) hashes.set(account.username, await hashPassword(account.password));
  const sharedHash = await hashPassword(MORE_USERS_PASSWORD);

  await db.transaction().execute(async (trx) => {
    const teamIds = new Map<TeamKey, number>();
    for (const [key, team] of Object.entries(TEAMS) as Array<[TeamKey, (typeof TEAMS)[TeamKey]]>) {
      const { id } = await trx
        .insertInto('teams')
        .values({ ...team, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      teamIds.set(key, id);
    }

    for (const dept of DEPARTMENTS) {
      const team_id = teamIds.get(dept.team)!;
      const base = { team_id, leader: dept.leader, phone: dept.phone, created_at: now, updated_at: now };
      const { id } = await trx
        .insertInto('departments')
        .values({ ...base, name: dept.name, parent_id: null, sort: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [sort, child] of (dept.children ?? []).entries()) {
        await trx.insertInto('departments').values({ ...base, name: child, parent_id: id, sort }).execute();
      }
    }

    const menuIds = await insertMenu(trx, MENU, null, now);

    const roleIds = new Map<string, number>();
    for (const [code, role] of Object.entries(ROLES)) {
      const { id } = await trx
        .insertInto('roles')
        .values({ code, name: role.name, role_type: role.role_type, remark: role.remark, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      roleIds.set(code, id);
      for (const permission of [...role.permissions, ...role.menus.map(menuPermission)]) {
        await trx.insertInto('role_permissions').values({ role_id: id, permission }).execute();
      }
      for (const menu of role.menus) {
        await trx.insertInto('role_menus').values({ role_id: id, menu_id: menuIds.get(menu)! }).execute();
      }
    }

    const users = [
      ...DEMO_ACCOUNTS.map((a, i) => ({ ...a, hash: hashes.get(a.username)!, mobile: `1380013800${i}` })),
      ...MORE_USERS.map((u) => ({ ...u, hash: sharedHash })),
    ];
    const userIds = new Map<string, number>();
    for (const user of users) {
      const { id } = await trx
        .insertInto('users')
        .values({
          team_id: teamIds.get(user.team)!,
          department_id: null,
          username: user.username,
          password_hash: user.hash,
          name: user.name,
          logo: settings.defaultAvatar,
          mobile: user.mobile,
          email: `${user.username}@example.com`,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: id, role_id: roleIds.get(user.role)! }).execute();
      userIds.set(user.username, id);
    }
    await seedBusiness(trx, { now, teamIds, userIds });
    await seedChat(trx, { now, opsTeamId: teamIds.get('ops')!, userIds });
    if (dataDir) await seedFiles(trx, { now, dataDir, teamIds, userIds });

    for (const dict of DICTIONARIES) {
      const { id } = await trx
        .insertInto('dictionaries')
        .values({ code: dict.code, name: dict.name, remark: '', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [sort, [value, label_zh, label_en]] of dict.items.entries()) {
        await trx.insertInto('dictionary_items').values({ dictionary_id: id, value, label_zh, label_en, sort, created_at: now, updated_at: now }).execute();
      }
    }

    await seedChangeLog(trx, now);

    await seedQuoting(trx, {
      now,
      teams: { buyer: teamIds.get('buyer')!, cloud: teamIds.get('cloud')!, cloud2: teamIds.get('cloud2')! },
      users: { seller: userIds.get('seller')!, staff: userIds.get('staff')! },
    });
    await seedSystemLog(trx, { now, userIds });
  });
}

async function insertMenu(
  trx: Transaction<Database>,
  items: MenuSeed[],
  parent_id: number | null,
  now: number,
  ids = new Map<string, number>(),
): Promise<Map<string, number>> {
  for (const [sort, item] of items.entries()) {
    const { id } = await trx
      .insertInto('menus')
      .values({
        parent_id,
        path: item.path,
        name: item.name,
        icon: item.icon ?? '',
        hidden: item.hidden ? 1 : 0,
        vue_path: item.vue_path ?? '',
        title_zh: item.zh,
        title_en: item.en,
        permission: menuPermission(item.name),
        sort,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(item.name, id);
    if (item.children) await insertMenu(trx, item.children, id, now, ids);
  }
  return ids;
}
