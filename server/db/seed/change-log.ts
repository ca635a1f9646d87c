/**
 * The demo release notes of 系统设置 › 更新日志: the console's own history, one entry per change a
 * user would notice, dated so many days before the seed runs (the newest last week). Every role reads
 * them, so they speak a seller's words: no view ids, no 设计器 (tests/support/sweep-inspect.ts).
 */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ChangeLogTable, Database } from '../schema';
import { formatDate } from '../../resources/time';

const DAY = 24 * 3600_000;

type Kind = ChangeLogTable['kind'];

const ENTRIES: Array<[version: string, daysAgo: number, kind: Kind, title: string, content: string]> = [
  ['1.0.0', 210, 'feature', '卖家控制台上线', '首个正式版本：询价、报价、商品、对账与团队管理集中在一个控制台。\n支持询价团队、云仓团队与运营团队三种团队类型，菜单与权限按角色分配。\n内置演示账号，开箱即可体验完整流程。'],
  ['1.1.0', 180, 'feature', '询价报价：报价规则自动报价', '云仓团队可以按关键词、SKU 或类目设置报价规则，新询价到达时立即自动报价。\n规则支持按成本加价或固定价，并可设置最低价保护。\n未命中规则的询价进入人工处理队列，可认领、指派或放弃。'],
  ['1.1.2', 168, 'fix', '修复询价列表翻页后筛选条件丢失', '在询价列表中筛选后翻到第二页，筛选条件会被清空并回到全部数据。\n现在翻页、排序与刷新都会保留当前的筛选条件。'],
  ['1.2.0', 150, 'feature', '对账：导入抖音、快手、微信小店账单', '支持直接导入抖音、快手、微信小店后台导出的订单、结算与资金流水文件（CSV、XLSX 及网页格式 .xls）。\n自动识别 GB18030 编码与表头所在行；同一文件重复导入不会产生重复数据。\n管理员可在「平台字段映射」中调整各平台列名与字段的对应关系。'],
  ['1.2.1', 141, 'improvement', '对账结果细分八种情况', '每笔订单给出唯一的对账结果：已对平、金额不符、未发货、已发货未结算、已退款、重复结算、平台有账无单、有单无发货记录。\n手续费、佣金等平台扣费逐项列出，差异可标记为已说明并填写备注，重新对账后仍然保留。'],
  ['1.3.0', 122, 'feature', '即时聊天与智能助手', '顶部新增消息入口，支持单聊、群聊和智能助手机器人。\n消息先落库再推送，断线重连后自动补齐，离线期间发送的消息会在恢复连接后重新发送。\n管理员可在「机器人规则」中维护自动回复。'],
  ['1.3.1', 113, 'fix', '修复聊天窗口偶发重复显示同一条消息', '网络切换时，同一条消息可能在对话中出现两次。\n现在每条消息以唯一编号去重，重发不会再产生重复记录。'],
  ['1.4.0', 95, 'feature', '自定义业务页面', '管理员可以自行定义业务数据表和字段，生成列表、表单与详情页面，无需等待开发排期。\n支持边编辑边预览、版本对比与回滚；发布后，已打开的控制台无需刷新即可看到新页面。\n页面可以绑定到菜单并按角色授权。'],
  ['1.4.2', 84, 'improvement', '列表导出与导入更快', '导出改为流式写出 CSV/XLSX，十万行数据也不会卡住页面。\n导入前先预览，并给出逐行的错误报告，修正后可再次导入。'],
  ['1.5.0', 63, 'feature', '手机端适配', '在手机上打开控制台时，列表以卡片显示，表单与详情占满整屏，菜单收进左上角的按钮。\n报价通知在手机上以紧凑卡片显示。'],
  ['1.5.1', 49, 'feature', '深色主题', '在右上角的主题设置中可以切换浅色、深色或跟随系统，并可选择主题色与布局。\n所有页面、表格与图表都适配了深色模式，文字对比度符合无障碍标准。'],
  ['1.5.3', 33, 'improvement', '安全加固', '密码改用 argon2id 存储；同一账号在同一地址 15 分钟内连续输错 5 次密码将被暂时限制登录。\n闲置 30 分钟后自动锁屏，需要重新输入密码；用户可以在个人中心查看并结束其他设备上的登录。'],
  ['1.6.0', 7, 'improvement', '询价报价：催报价与加价提醒', '询价方可以对未报价的询价「催报价」，或直接「加价」重新询价，报价团队会实时收到通知。\n每次操作都会记录在询价的时间线中，方便双方追溯。'],
  ['1.6.1', 2, 'fix', '手机上的报价通知不再遮挡顶部导航', '在手机上，新的报价通知显示在屏幕底部，几秒后自动收起，顶部的菜单按钮、标题与头像始终可以点击。\n收起的通知仍保留在铃铛中，随时可以查看。'],
  ['1.7.0', 0, 'feature', '首页、工作台与商品统计', '首页汇总本团队近 7 天或 30 天的询价、报价、采纳率与首次报价用时，附每日趋势、待报价询价与对账概况；管理员可按团队查看。\n工作台列出等你处理的询价、即将到期的报价、有差异的店铺与未读通知；商品统计给出在售商品、库存价值、评价与收支的图表。'],
];

/** The entries as rows, dated from `now`. */
export function changeLogRows(now: number): Insertable<ChangeLogTable>[] {
  return ENTRIES.map(([version_no, daysAgo, kind, title, content]) => {
    const at = now - daysAgo * DAY;
    return { version_no, released_on: formatDate(at), kind, title, content, created_at: at, updated_at: at };
  });
}

/** Adds the entries the table does not hold yet (by version and title), so seeding twice adds nothing. */
export async function seedChangeLog(db: Kysely<Database> | Transaction<Database>, now: number): Promise<void> {
  const held = new Set((await db.selectFrom('change_logs').select(['version_no', 'title']).execute()).map((row) => `${row.version_no} ${row.title}`));
  const rows = changeLogRows(now).filter((row) => !held.has(`${row.version_no} ${row.title}`));
  if (rows.length) await db.insertInto('change_logs').values(rows).execute();
}
