/**
 * Demo business data: goods, quoting, store orders and bills, daily work and the admin inventories,
 * enough for every business screen to show real rows. Drawn from a seeded generator, so every run
 * writes the same rows relative to `now`.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Database, StorePlatform } from '../schema';
import { reconciliationRows } from './reconciliation';
import { reconImportRows } from './recon-imports';
import type { MatchResult } from '../../reconciliation/match';
import { writeOrderResults } from '../../reconciliation/store';
import { addTrackingNumbers } from '../../reconciliation/tracking';
import { formatDate } from '../../resources/time';
import { seedCashier, type CashierSeed } from './cashier';
import { seedPosters } from './posters';
import { seedGoodsBatches, type GoodsBatchSeed } from './goods-batches';

type TeamKey = 'ops' | 'buyer' | 'cloud' | 'buyer2' | 'cloud2';
type AskingTeam = 'buyer' | 'buyer2';
type Row<T extends keyof Database> = Insertable<Database[T]>;
type Goods = Row<'goods'>;

export interface BusinessSeedContext {
  now: number;
  teamIds: Map<TeamKey, number>;
  userIds: Map<string, number>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Every row falls within this span before now. */
const WINDOW = 180 * DAY;
/** Rows per INSERT, far below PostgreSQL's 65535 bind parameters for any of these tables. */
const BATCH = 100;
/** Document numbers and bill periods follow the sellers' clock: China Standard Time. */
const CST = 8 * HOUR;
const PLATFORMS: StorePlatform[] = ['douyin', 'kuaishou', 'wechat'];

/** The demo users of each team (DEMO_ACCOUNTS and MORE_USERS in demo.ts). */
const TEAM_USERS: Record<TeamKey, string[]> = {
  ops: ['admin'],
  buyer: ['seller', 'zhaolei'],
  cloud: ['staff', 'zhoujie', 'wufang'],
  buyer2: ['sunli'],
  cloud2: ['zhengmin'],
};

interface Product {
  code: string;
  name: string;
  category: string;
  unit: string;
  yuan: number;
  brands: string[];
  specs: string[];
}

const PRODUCTS: Product[] = [
  { code: 'FS01', name: '纯棉短袖T恤', category: '服饰', unit: '件', yuan: 59, brands: ['南极人', '恒源祥'], specs: ['白色 M', '黑色 L', '灰色 XL'] },
  { code: 'FS02', name: '冰丝防晒衣', category: '服饰', unit: '件', yuan: 129, brands: ['蕉下', '南极人'], specs: ['浅蓝 均码', '米白 均码'] },
  { code: 'FS03', name: '加绒连帽卫衣', category: '服饰', unit: '件', yuan: 139, brands: ['森马', '恒源祥'], specs: ['藏青 L', '燕麦色 XL'] },
  { code: 'SM01', name: '蓝牙耳机', category: '数码', unit: '副', yuan: 169, brands: ['漫步者', 'QCY'], specs: ['白色 标准版', '黑色 降噪版'] },
  { code: 'SM02', name: '20000mAh充电宝', category: '数码', unit: '个', yuan: 99, brands: ['倍思', '罗马仕'], specs: ['22.5W 快充', '自带线款'] },
  { code: 'SM03', name: '磁吸手机壳', category: '数码', unit: '个', yuan: 29, brands: ['倍思', '图拉斯'], specs: ['iPhone 15 透明', 'iPhone 15 Pro 磨砂黑'] },
  { code: 'JJ01', name: '不锈钢保温杯', category: '家居', unit: '个', yuan: 89, brands: ['膳魔师', '富光'], specs: ['500ml 白色', '750ml 黑色'] },
  { code: 'JF01', name: '记忆棉枕头', category: '家纺', unit: '个', yuan: 119, brands: ['水星家纺', '罗莱'], specs: ['标准款 48×74cm', '护颈款'] },
  { code: 'JF02', name: '全棉四件套', category: '家纺', unit: '套', yuan: 299, brands: ['水星家纺', '富安娜'], specs: ['1.5m 床', '1.8m 床'] },
  { code: 'XJ01', name: '空气炸锅', category: '小家电', unit: '台', yuan: 329, brands: ['美的', '小熊'], specs: ['4.5L', '6L 可视窗'] },
  { code: 'GH01', name: '声波电动牙刷', category: '个护', unit: '支', yuan: 199, brands: ['飞利浦', 'usmile'], specs: ['白色', '樱花粉'] },
  { code: 'MZ01', name: '氨基酸洗面奶', category: '美妆', unit: '支', yuan: 69, brands: ['珀莱雅', '自然堂'], specs: ['100g', '150g'] },
  { code: 'MZ02', name: '修护精华液', category: '美妆', unit: '瓶', yuan: 259, brands: ['珀莱雅', '薇诺娜'], specs: ['30ml', '50ml'] },
  { code: 'SP01', name: '每日坚果', category: '食品', unit: '箱', yuan: 129, brands: ['三只松鼠', '良品铺子'], specs: ['25g×30袋', '25g×15袋'] },
  { code: 'SP02', name: '冻干挂耳咖啡', category: '食品', unit: '盒', yuan: 79, brands: ['三顿半', '隅田川'], specs: ['10g×20包', '10g×40包'] },
  { code: 'RY01', name: '原木抽纸', category: '日用', unit: '提', yuan: 49, brands: ['维达', '清风'], specs: ['3层100抽×24包', '4层80抽×18包'] },
  { code: 'RY02', name: '桌面收纳盒', category: '日用', unit: '个', yuan: 39, brands: ['得力', '太力'], specs: ['三层 白色', '抽屉款 灰色'] },
  { code: 'XX01', name: '缓震运动跑鞋', category: '鞋靴', unit: '双', yuan: 399, brands: ['李宁', '安踏'], specs: ['41码 黑白', '42码 灰色'] },
  { code: 'YD01', name: '加厚防滑瑜伽垫', category: '运动', unit: '张', yuan: 89, brands: ['Keep', '迪卡侬'], specs: ['8mm 紫色', '10mm 灰色'] },
  { code: 'MY01', name: '儿童吸管水杯', category: '母婴', unit: '个', yuan: 79, brands: ['贝亲', 'babycare'], specs: ['300ml 吸管款', '450ml 直饮款'] },
  { code: 'CW01', name: '冻干双拼猫粮', category: '宠物', unit: '袋', yuan: 159, brands: ['麦富迪', '网易严选'], specs: ['1.5kg', '3kg'] },
  { code: 'XB01', name: '双肩电脑包', category: '箱包', unit: '个', yuan: 199, brands: ['小米', '新秀丽'], specs: ['14英寸', '15.6英寸'] },
];

/** A product's picture, bundled with the console (public/demo/goods), so it loads from the same origin. */
function goodsImage(code: string): string {
  return `/demo/goods/${code.toLowerCase()}.svg`;
}

/** Where each category is bought. */
const SUPPLIERS: Record<string, string> = {
  服饰: '广州白马服装批发行',
  数码: '深圳市声科电子有限公司',
  家居: '永康市保利来杯业有限公司',
  家纺: '南通市叠石桥家纺有限公司',
  小家电: '佛山市顺德区美厨电器厂',
  个护: '深圳市洁美个护科技有限公司',
  美妆: '广州市白云区美研化妆品有限公司',
  食品: '上海宝山食品贸易有限公司',
  日用: '义乌市优品日用品厂',
  鞋靴: '福建晋江鞋业有限公司',
  运动: '宁波市健优运动用品有限公司',
  母婴: '杭州贝贝母婴用品有限公司',
  宠物: '山东乐宠宠物食品有限公司',
  箱包: '白沟新城箱包批发城',
};

const SHOPS: Record<AskingTeam, Record<StorePlatform, string>> = {
  buyer: { douyin: '潮品生活抖音旗舰店', kuaishou: '潮品生活快手小店', wechat: '潮品生活微信小店' },
  buyer2: { douyin: '江南优选抖音专营店', kuaishou: '江南优选快手好物店', wechat: '江南优选微信小店' },
};

/** Platform technical service fee on the net income of a bill. */
const FEE_RATES: Record<StorePlatform, number> = { douyin: 0.05, kuaishou: 0.05, wechat: 0.006 };
const PLATFORM_CODES: Record<StorePlatform, string> = { douyin: 'DY', kuaishou: 'KS', wechat: 'WX' };

const EXPRESS = [
  { name: '顺丰速运', prefix: 'SF', digits: 13 },
  { name: '中通快递', prefix: '78', digits: 12 },
  { name: '圆通速递', prefix: 'YT', digits: 13 },
  { name: '韵达快递', prefix: '43', digits: 13 },
] as const;

const NICKS = [
  '小鹿乱撞', '一只胖橘', '阿杰不吃香菜', '晴天娃娃', '柠檬不萌', '夏天的风', '奶茶续命', 'Lily_99', '木子李',
  '清风徐来', '橙子味的猫', '北方的狼', '追光者', '慢慢来', '喵小咪', 'Sunny', '吃货小张', '甜甜圈', '糖醋排骨',
  '江南烟雨', 'momo酱', '快乐星球', '早睡早起', '胖虎',
];

const RECEIVERS = ['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄婷', '周强', '吴婷婷', '徐晓东', '孙悦', '马丽', '朱峰'];

const COMMENTS = {
  good: [
    '质量很好，和描述的一样，物流也很快！',
    '第二次回购了，一如既往的好用。',
    '包装很用心，送人很有面子。',
    '直播间下单的，价格很划算，性价比高。',
    '做工精细，没有异味，推荐购买。',
    '客服态度很好，有问必答，发货也快。',
  ],
  fair: ['还行吧，中规中矩，对得起这个价。', '东西不错，就是物流有点慢。', '有轻微色差，整体能接受。'],
  poor: ['收到时外包装破了，有点失望。', '和图片差距有点大，做工一般。', '用了两天就出问题了，联系客服处理中。'],
  spam: ['加V领取优惠券，私聊有惊喜', '低价代刷好评，需要的私信'],
};

const REPLIES = {
  good: '感谢亲的支持，期待您再次光临~',
  fair: '感谢反馈，我们会继续改进，有问题随时联系客服哦。',
  poor: '非常抱歉给您带来不好的体验，客服已联系您处理，请留意消息。',
};

const GOODS_REMARKS = ['', '', '', '主推款', '直播间专供', '换季清仓', '新品首发', '赠运费险', '限购 2 件'];
const ASK_REMARKS = ['', '', '需要开增值税专票', '急单，请尽快报价', '可接受分批发货', '含运费到广州仓', '长期合作，量大从优'];
const QUOTE_REMARKS = {
  spot: ['现货充足，当天发货', '华南仓现货', ''],
  transfer: ['需从华东仓调货', '厂家直发，需排单', ''],
  auto: '系统按报价规则自动报价',
};

const WORK_ORDERS: Array<[title: string, content: string]> = [
  ['抖音订单发货超时预警', '店铺后台提示有 3 笔订单超过 48 小时未发货，请仓库核实库存并尽快安排发货，发货后在后台补录物流单号。'],
  ['买家投诉收到商品破损', '买家反馈收到的保温杯外包装破损、杯身有凹痕，已拍照留证。需联系快递理赔，并给买家安排补发。'],
  ['快手小店商品主图更新', '运营提供了新一版主图和详情页素材，请在快手小店替换 5 个在售商品的主图，并检查价格与库存是否同步。'],
  ['微信小店账单金额不一致', '上月微信小店账单结算金额与订单汇总相差 36.50 元，请财务核对技术服务费和退款明细后回复。'],
  ['供应商延迟交货', '采购单对应的供应商通知延迟 5 天交货，请评估对直播排期的影响，必要时寻找替代货源。'],
  ['商品详情页价格标错', '有买家反馈详情页划线价与实际售价不符，可能涉及价格违规，请立即核对并修改。'],
  ['直播间库存同步异常', '今晚直播前发现两个链接库存显示为 0，实际仓库有货，请技术排查库存同步任务。'],
  ['退款申请超时未处理', '有 2 笔退款申请即将超过平台处理时限，请客服今天内处理完毕，避免平台介入。'],
  ['新品上架资料准备', '下周上新 6 款秋冬服饰，请准备商品标题、卖点、尺码表和质检报告，周五前提交审核。'],
  ['面单打印机故障', '仓库 2 号面单打印机频繁卡纸，影响发货效率，请安排维修或更换备用机。'],
  ['差评回复跟进', '近一周新增 4 条差评，请客服逐条联系买家了解原因，能处理的尽量处理并回复评价。'],
  ['发票开具申请', '企业客户申请开具上月采购的增值税专用发票，开票信息已在附件中，请财务处理。'],
];

interface TradeKind {
  direction: 'in' | 'out';
  channel: 'alipay' | 'wechat' | 'bank';
  counterparties: readonly string[];
  yuan: readonly [min: number, max: number];
  remark: string;
  weight: number;
}

const TRADE_KINDS: TradeKind[] = [
  { direction: 'in', channel: 'bank', counterparties: ['抖音电商结算中心', '快手电商结算中心', '微信支付结算中心'], yuan: [800, 6000], remark: '店铺货款结算', weight: 35 },
  { direction: 'in', channel: 'alipay', counterparties: Object.values(SUPPLIERS), yuan: [50, 800], remark: '供应商退货退款', weight: 8 },
  { direction: 'out', channel: 'bank', counterparties: Object.values(SUPPLIERS), yuan: [2000, 30000], remark: '采购货款', weight: 25 },
  { direction: 'out', channel: 'alipay', counterparties: EXPRESS.map((e) => e.name), yuan: [300, 3000], remark: '快递费月结', weight: 14 },
  { direction: 'out', channel: 'wechat', counterparties: ['巨量千川', '磁力金牛', '腾讯广告'], yuan: [500, 5000], remark: '推广账户充值', weight: 12 },
  { direction: 'out', channel: 'wechat', counterparties: ['东莞市恒通包装材料厂'], yuan: [200, 1500], remark: '包装耗材采购', weight: 6 },
];

/** `every` is the cron's period, to place the last run plausibly. */
const TASKS: Array<[name: string, cron: string, handler: string, every: number, enabled: boolean, remark: string]> = [
  ['同步抖音订单', '*/10 * * * *', 'orders.syncDouyin', 10 * MINUTE, true, '拉取最近 1 小时的新订单和状态变更'],
  ['同步快手订单', '*/10 * * * *', 'orders.syncKuaishou', 10 * MINUTE, true, '拉取最近 1 小时的新订单和状态变更'],
  ['同步微信小店订单', '*/15 * * * *', 'orders.syncWechat', 15 * MINUTE, true, ''],
  ['生成店铺月度账单', '0 2 1 * *', 'bills.monthly', 30 * DAY, true, '每月 1 日凌晨汇总上月账单'],
  ['询价单超时关闭', '*/30 * * * *', 'asks.closeExpired', 30 * MINUTE, true, '关闭超过截止时间仍未报价的询价单'],
  ['库存预警通知', '0 9 * * *', 'goods.stockAlert', DAY, true, '在售商品库存不超过 10 件时通知采购'],
  ['清理过期登录会话', '0 3 * * *', 'auth.purgeSessions', DAY, false, '改由服务启动时清理，任务停用'],
  ['数据库备份', '30 4 * * *', 'system.backup', DAY, true, '备份保留 14 天'],
];

const SERVERS: Array<[name: string, host: string, ip: string, os: string, cores: number, memoryMb: number, online: boolean, remark: string]> = [
  ['应用服务器-01', 'app-01.shop.internal', '10.0.1.11', 'Ubuntu 22.04 LTS', 8, 16384, true, '主站 API'],
  ['应用服务器-02', 'app-02.shop.internal', '10.0.1.12', 'Ubuntu 22.04 LTS', 8, 16384, true, '主站 API'],
  ['数据库主库', 'db-01.shop.internal', '10.0.2.21', 'Rocky Linux 9', 16, 65536, true, 'PostgreSQL 16'],
  ['缓存服务器', 'cache-01.shop.internal', '10.0.2.31', 'Debian 12', 4, 8192, true, 'Redis'],
  ['文件存储', 'files-01.shop.internal', '10.0.3.41', 'Ubuntu 22.04 LTS', 4, 8192, true, '商品图片与导入文件'],
  ['备份服务器', 'backup-01.shop.internal', '10.0.3.51', 'Debian 12', 2, 4096, false, '计划下线，待迁移到对象存储'],
];

/** `reported` is false for a device registered but never connected. */
const DEVICES: Array<[name: string, kind: string, location: string, reported: boolean]> = [
  ['温湿度传感器 A1', '传感器', '广州仓 A 区', true],
  ['温湿度传感器 B1', '传感器', '广州仓 B 区', true],
  ['电子秤 01', '称重设备', '广州仓 打包台 1', true],
  ['电子秤 02', '称重设备', '广州仓 打包台 2', true],
  ['面单打印机 01', '打印机', '广州仓 发货区', true],
  ['面单打印机 02', '打印机', '广州仓 发货区', true],
  ['扫码枪 01', '扫码设备', '广州仓 入库口', true],
  ['监控摄像头 01', '摄像头', '广州仓 大门', true],
  ['门禁控制器', '门禁', '广州仓 办公区', true],
  ['温湿度传感器 C1', '传感器', '杭州仓 C 区', false],
];

const WEBSITES: Array<[name: string, domain: string, icp: string, online: boolean, remark: string]> = [
  ['品牌官网', 'www.example.com', '粤ICP备2023012345号-1', true, ''],
  ['H5 商城', 'mall.example.com', '粤ICP备2023012345号-2', true, '微信内打开的商城页'],
  ['帮助中心', 'help.example.com', '粤ICP备2023012345号-3', true, '售后政策与常见问题'],
  ['活动专题页', 'promo.example.com', '粤ICP备2023012345号-4', false, '大促结束后下线'],
];

/** mulberry32: tiny, fast and seeded; the same demo at every seed. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the choices, each as likely as its weight. */
  weighted<T>(choices: ReadonlyArray<readonly [value: T, weight: number]>): T {
    let roll = this.next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1][0];
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += this.int(0, 9);
    return out;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

/** The generator's state: the random source, the clock, the ids of the demo teams and users. */
class Seeder {
  readonly rng = new Random(20_240_601);
  readonly now: number;
  private readonly ctx: BusinessSeedContext;
  private readonly serials = new Map<string, number>();

  constructor(ctx: BusinessSeedContext) {
    this.ctx = ctx;
    this.now = ctx.now;
  }

  userId(username: string): number {
    const id = this.ctx.userIds.get(username);
    if (id === undefined) throw new Error(`Demo user ${username} is missing`);
    return id;
  }

  /** A random demo user of the team. */
  member(team: TeamKey): number {
    return this.userId(this.rng.pick(TEAM_USERS[team]));
  }

  /** The columns every business row shares. */
  common(team: TeamKey, createdBy: number | null, createdAt: number, updatedAt = createdAt, version = 1) {
    const team_id = this.ctx.teamIds.get(team);
    if (team_id === undefined) throw new Error(`Demo team ${team} is missing`);
    return { team_id, version, created_by: createdBy, created_at: createdAt, updated_at: updatedAt };
  }

  /** The i-th of n times across the window, in order; a skew above 1 crowds them towards now. */
  spread(i: number, n: number, skew = 1): number {
    return Math.round(this.now - WINDOW * ((n - i - this.rng.next()) / n) ** skew);
  }

  /** Some time between min and max after `from`, never in the future. */
  after(from: number, min: number, max: number): number {
    return this.byNow(from, from + this.rng.int(min, max), max);
  }

  /**
   * `at` when it has passed; otherwise as far between `from` and now as `at` is into the `span`
   * after `from`. Capped at now instead, every event still to come would have happened at the very
   * moment of the seed, and sit on top of 数据大屏's feed as 刚刚.
   */
  byNow(from: number, at: number, span: number): number {
    if (at < this.now) return at;
    if (from >= this.now) return this.now;
    return from + Math.floor(((this.now - from) * Math.min(at - from, span)) / (span + 1));
  }

  /** Prefix, the day in CST and a serial per prefix, so numbers stay unique across teams. */
  docNo(prefix: string, at: number): string {
    return `${prefix}${ymd(at)}${pad(this.serial(prefix), 4)}`;
  }

  serial(key: string): number {
    const next = (this.serials.get(key) ?? 0) + 1;
    this.serials.set(key, next);
    return next;
  }
}

/** YYYYMMDD in China Standard Time, as document numbers carry the day. */
function ymd(at: number): string {
  return formatDate(at).replaceAll('-', '');
}

function pad(serial: number, width: number): string {
  return String(serial).padStart(width, '0');
}

/** Start of the month `offset` months from the one holding `at`, in China Standard Time. */
function monthStart(at: number, offset: number): number {
  const date = new Date(at + CST);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1) - CST;
}

/** Fen rounded to whole jiao, as prices are quoted. */
function jiao(fen: number): number {
  return Math.round(fen / 10) * 10;
}

async function inBatches<R, O>(rows: R[], insert: (batch: R[]) => Promise<O[]>): Promise<O[]> {
  const out: O[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await insert(rows.slice(i, i + BATCH))));
  return out;
}

function goodsRows(s: Seeder, team: TeamKey, count: number): Goods[] {
  const variants = PRODUCTS.flatMap((product) =>
    product.brands.flatMap((brand, b) => product.specs.map((spec, v) => ({ product, brand, b, spec, v }))),
  );
  return s.rng
    .shuffle(variants)
    .slice(0, count)
    .map(({ product, brand, b, spec, v }, i): Goods => {
      const created = s.spread(i, count);
      const price_fen = Math.round(product.yuan * (1 + 0.15 * b + 0.1 * v)) * 100 - 10;
      const status = s.rng.weighted([['on_sale', 75], ['off_sale', 15], ['draft', 10]] as const);
      const edits = s.rng.int(0, 2);
      return {
        ...s.common(team, s.member(team), created, edits ? s.after(created, HOUR, 30 * DAY) : created, 1 + edits),
        sku: `${product.code}-${b + 1}${v + 1}`,
        name: `${brand}${product.name}`,
        category: product.category,
        brand,
        spec,
        unit: product.unit,
        price_fen,
        cost_fen: jiao(price_fen * (0.5 + 0.2 * s.rng.next())),
        stock: status === 'draft' ? 0 : status === 'off_sale' && s.rng.chance(0.5) ? 0 : stockOnHand(s.rng.int(20, 1500), i),
        status,
        image: goodsImage(product.code),
        remark: s.rng.pick(GOODS_REMARKS),
      };
    });
}

/**
 * A drawn stock level (20–1500); every seventh of a team's goods keeps a hundred and fiftieth of it
 * (1–10), so a few goods on sale sit at the low-stock threshold (GOODS_LOW_STOCK) as a working shop's
 * do. A mapping rather than another draw: every later draw of the seed stays what it was.
 */
const stockOnHand = (drawn: number, index: number) => (index % 7 === 3 ? Math.ceil(drawn / 150) : drawn);

/** Three comments a product, synced from the stores (so no author), between its listing and now. */
function commentRows(s: Seeder, team: TeamKey, goods: Array<{ id: number; created_at: number }>): Row<'goods_comments'>[] {
  return goods.flatMap((item) =>
    Array.from({ length: 3 }, (): Row<'goods_comments'> => {
      const created = Math.round(item.created_at + s.rng.next() * (s.now - item.created_at));
      const rating = s.rng.weighted([[5, 55], [4, 25], [3, 10], [2, 5], [1, 5]] as const);
      const spam = s.rng.chance(0.05);
      const mood = rating >= 4 ? 'good' : rating === 3 ? 'fair' : 'poor';
      const reply = !spam && s.rng.chance(mood === 'poor' ? 0.9 : 0.5) ? REPLIES[mood] : '';
      const replied = reply ? s.after(created, HOUR, 2 * DAY) : created;
      return {
        ...s.common(team, null, created, replied, reply ? 2 : 1),
        goods_id: item.id,
        platform: s.rng.pick(PLATFORMS),
        buyer_nick: s.rng.pick(NICKS),
        rating,
        content: s.rng.pick(spam ? COMMENTS.spam : COMMENTS[mood]),
        reply,
        status: spam ? 'hidden' : 'visible',
      };
    }),
  );
}

type AskStatus = Database['price_asks']['status'];
type QuoteDraft = Omit<Row<'price_quotes'>, 'ask_id'>;

/** When the i-th of `count` asks was made and where it stands. */
type AskPlacing = (i: number) => { created: number; status: AskStatus };

/** Asks crowd towards now: the newest wait for quotes, older ones are decided. */
const ACROSS_THE_WINDOW = (s: Seeder, count: number): AskPlacing => (i) => {
  const created = s.spread(i, count, 2);
  const newest = count - 1 - i;
  return { created, status: newest < 6 ? 'pending' : newest < 12 ? 'quoted' : s.rng.weighted([['accepted', 55], ['closed', 25], ['quoted', 20]] as const) };
};

/**
 * The last two months' decided asks, evenly from 59 days to 2 days ago, so 数据大屏's trend has
 * asks, quotes and adoptions every week and a month to compare with the one before; none waits on
 * anyone, so no to-do list or queue changes.
 */
const LAST_MONTHS = (s: Seeder, count: number): AskPlacing => (i) => ({
  created: Math.round(s.now - DAY * (2 + 57 * ((count - i - s.rng.next()) / count))),
  status: s.rng.weighted([['accepted', 70], ['closed', 30]] as const),
});

function askRows(s: Seeder, team: AskingTeam, goods: Goods[], count: number, placing: AskPlacing = ACROSS_THE_WINDOW(s, count)) {
  return Array.from({ length: count }, (_, i) => {
    const { created, status } = placing(i);
    const item = s.rng.pick(goods);
    const kind = s.rng.weighted([['ordinary', 70], ['addprice', 30]] as const);
    const handle_mode = s.rng.weighted([['auto', 40], ['manual', 60]] as const);
    const quantity = s.rng.pick([50, 100, 200, 300, 500, 1000, 2000, 5000]);
    const expected_price_fen =
      kind === 'addprice'
        ? jiao(item.cost_fen * (1.05 + 0.15 * s.rng.next()))
        : s.rng.chance(0.6)
          ? jiao(item.cost_fen * (0.85 + 0.15 * s.rng.next()))
          : null;
    const deadline_at =
      status === 'pending'
        ? s.now + s.rng.int(DAY, 5 * DAY)
        : kind === 'ordinary' && s.rng.chance(0.25)
          ? null
          : created + s.rng.int(2 * DAY, 7 * DAY);
    const { quotes, decidedAt } = quoteDrafts(s, { created, status, handle_mode, quantity, reference: expected_price_fen ?? item.cost_fen });
    const changes = status === 'pending' ? 0 : status === 'quoted' || quotes.length === 0 ? 1 : 2;
    const ask: Row<'price_asks'> = {
      ...s.common(team, s.member(team), created, decidedAt, 1 + changes),
      ask_no: s.docNo('XJ', created),
      goods_name: item.name,
      spec: item.spec,
      quantity,
      expected_price_fen,
      kind,
      status,
      handle_mode,
      deadline_at,
      remark: s.rng.pick(ASK_REMARKS),
    };
    return { ask, quotes };
  });
}

/**
 * The cloud team's quotes on one ask, and when the ask last changed. An accepted ask takes its
 * cheapest quote and rejects the rest; a closed one lets its quotes expire.
 */
function quoteDrafts(
  s: Seeder,
  ask: { created: number; status: AskStatus; handle_mode: 'auto' | 'manual'; quantity: number; reference: number },
): { quotes: QuoteDraft[]; decidedAt: number } {
  const count = ask.status === 'pending' ? 0 : ask.status === 'closed' ? (s.rng.chance(0.7) ? s.rng.int(1, 2) : 0) : s.rng.int(1, 3);
  const auto = ask.handle_mode === 'auto';
  let at = ask.created;
  const quotes = Array.from({ length: count }, (): QuoteDraft => {
    at = auto ? s.after(at, MINUTE, 10 * MINUTE) : s.after(at, HOUR, 30 * HOUR);
    const quote_type = s.rng.weighted([['spot', 60], ['transfer', 40]] as const);
    const quotedBy = auto ? null : s.member('cloud');
    return {
      ...s.common('cloud', quotedBy, at),
      quote_no: s.docNo('BJ', at),
      quote_type,
      price_fen: jiao(ask.reference * (0.9 + 0.18 * s.rng.next())),
      quantity: quote_type === 'transfer' && s.rng.chance(0.3) ? Math.ceil(ask.quantity * 0.6) : ask.quantity,
      delivery_days: quote_type === 'spot' ? s.rng.int(1, 3) : s.rng.int(3, 10),
      status: 'submitted',
      quoted_by: quotedBy,
      remark: auto ? QUOTE_REMARKS.auto : s.rng.pick(QUOTE_REMARKS[quote_type]),
    };
  });
  if (ask.status === 'pending') return { quotes, decidedAt: ask.created };
  if (ask.status === 'quoted') return { quotes, decidedAt: quotes[0].created_at };
  const decidedAt = s.after(at, HOUR, 2 * DAY);
  const cheapest = quotes.reduce((best, q, i) => (q.price_fen < quotes[best].price_fen ? i : best), 0);
  for (const [i, quote] of quotes.entries()) {
    quote.status = ask.status === 'closed' ? 'expired' : i === cheapest ? 'accepted' : 'rejected';
    quote.updated_at = decidedAt;
    quote.version = 2;
  }
  return { quotes, decidedAt };
}

/** Shaped like each platform's own numbers; the serial at the end keeps them unique. */
const ORDER_NO: Record<StorePlatform, (s: Seeder, paidAt: number, serial: string) => string> = {
  douyin: (s, at, serial) => `69${ymd(at).slice(2)}${s.rng.digits(7)}${serial}`,
  kuaishou: (s, at, serial) => `${ymd(at).slice(2)}${s.rng.digits(6)}${serial}`,
  wechat: (s, at, serial) => `37${ymd(at).slice(2)}${s.rng.digits(7)}${serial}`,
};

type OrderStatus = Database['store_orders']['status'];

/** Fresh orders wait to ship, a week-old one has mostly arrived; a few are refunded. */
function orderStatus(s: Seeder, age: number): OrderStatus {
  if (age > DAY && s.rng.chance(0.07)) return 'refunded';
  if (age < 2 * DAY) return s.rng.chance(0.7) ? 'pending' : 'shipped';
  if (age < 7 * DAY) return s.rng.chance(0.6) ? 'shipped' : 'signed';
  return s.rng.chance(0.96) ? 'signed' : 'shipped';
}

/**
 * When a signed parcel arrived. Orders have no column for it, so it is derived from the order itself:
 * the order's updated_at and its sign record then agree without sharing state.
 */
function signedAt(order: Row<'store_orders'>): number {
  return order.shipped_at! + (order.paid_at % 3 + 1) * DAY;
}

/** When a signed parcel arrived, a parcel due later than now having arrived a while before it. */
function signedBy(s: Seeder, order: Row<'store_orders'>): number {
  return s.byNow(order.shipped_at!, signedAt(order), 3 * DAY);
}

/** Sales grow towards now, which also leaves the last two days some orders to ship. */
function orderRows(s: Seeder, team: AskingTeam, goods: Goods[], perPlatform: number): Row<'store_orders'>[] {
  const sellable = goods.filter((g) => g.status !== 'draft');
  return PLATFORMS.flatMap((platform) =>
    Array.from({ length: perPlatform }, (_, i): Row<'store_orders'> => {
      const paid = s.spread(i, perPlatform, 1.5);
      const status = orderStatus(s, s.now - paid);
      const item = s.rng.pick(sellable);
      const quantity = s.rng.weighted([[1, 70], [2, 20], [3, 10]] as const);
      const gross = item.price_fen * quantity;
      const coupon = gross > 10_000 && s.rng.chance(0.3) ? s.rng.pick([500, 1000, 2000]) : 0;
      const shipped = status === 'shipped' || status === 'signed' || (status === 'refunded' && s.rng.chance(0.5));
      const express = s.rng.pick(EXPRESS);
      const shipped_at = shipped ? s.after(paid, 2 * HOUR, 36 * HOUR) : null;
      const order: Row<'store_orders'> = {
        ...s.common(team, s.member(team), paid),
        platform,
        order_no: ORDER_NO[platform](s, paid, pad(s.serial(`order:${platform}`), 4)),
        shop_name: SHOPS[team][platform],
        buyer_nick: s.rng.pick(NICKS),
        goods_name: `${item.name} ${item.spec}`,
        sku: item.sku,
        quantity,
        amount_fen: gross - coupon,
        freight_fen: s.rng.chance(0.85) ? 0 : s.rng.pick([600, 800, 1000]),
        status,
        express_company: shipped ? express.name : '',
        express_no: shipped ? `${express.prefix}${s.rng.digits(express.digits)}` : null,
        paid_at: paid,
        shipped_at,
      };
      const changes = [shipped_at, status === 'signed' ? signedBy(s, order) : null];
      if (status === 'refunded') changes.push(s.after(shipped_at ?? paid, HOUR, 3 * DAY));
      const done = changes.filter((at): at is number => at !== null);
      order.version = 1 + done.length;
      order.updated_at = Math.max(paid, ...done);
      return order;
    }),
  );
}

/**
 * Six monthly bills per platform, summed from the team's orders as matching left them: a bill is
 * confirmed only when every order in it matched (or was refunded), disputed when one did not.
 */
function billRows(s: Seeder, team: AskingTeam, orders: Row<'store_orders'>[], results: Map<string, MatchResult>): Row<'store_bills'>[] {
  const reconciled = (order: Row<'store_orders'>) => ['matched', 'refunded'].includes(results.get(order.order_no)?.outcome ?? 'pending');
  const bills: Row<'store_bills'>[] = [];
  for (let offset = -5; offset <= 0; offset++) {
    const start = monthStart(s.now, offset);
    const end = monthStart(s.now, offset + 1);
    const period = formatDate(start).slice(0, 7);
    for (const platform of PLATFORMS) {
      const billed = orders.filter((o) => o.platform === platform && o.paid_at >= start && o.paid_at < end);
      // What the buyer paid for the goods is what the platform settles; freight is not in the order amount.
      const income = billed.reduce((sum, o) => sum + o.amount_fen, 0);
      const refund = billed.reduce((sum, o) => sum + (o.refund_fen ?? 0), 0);
      const fee = Math.round((income - refund) * FEE_RATES[platform]);
      const opened = s.byNow(start, start + HOUR, HOUR);
      const settledAt = end + 3 * DAY + s.rng.int(0, 12 * HOUR);
      const status = settledAt > s.now ? 'pending' : billed.every(reconciled) ? 'confirmed' : 'disputed';
      const lastOrder = Math.max(opened, ...billed.map((o) => o.paid_at));
      bills.push({
        ...s.common(team, null, opened, status === 'pending' ? lastOrder : settledAt, status === 'pending' ? 1 : 2),
        platform,
        bill_no: `ZD${PLATFORM_CODES[platform]}${period.replace('-', '')}${pad(s.serial('bill'), 3)}`,
        period,
        shop_name: SHOPS[team][platform],
        order_count: billed.length,
        income_fen: income,
        refund_fen: refund,
        fee_fen: fee,
        settle_fen: income - refund - fee,
        status,
        confirmed_at: status === 'confirmed' ? settledAt : null,
      });
    }
  }
  return bills;
}

/** Deliveries of the team's latest shipped orders; a refunded order that went out was refused. */
function signRows(s: Seeder, team: AskingTeam, orders: Row<'store_orders'>[], count: number): Row<'sign_records'>[] {
  return orders
    .filter((o) => o.shipped_at != null)
    .sort((a, b) => a.shipped_at! - b.shipped_at!)
    .slice(-count)
    .map((order): Row<'sign_records'> => {
      const status = order.status === 'signed' ? 'signed' : order.status === 'refunded' ? 'rejected' : 'waiting';
      const signed_at = status === 'signed' ? signedBy(s, order) : null;
      const refusedAt = status === 'rejected' ? s.after(order.shipped_at!, DAY, 3 * DAY) : null;
      const changedAt = signed_at ?? refusedAt;
      return {
        ...s.common(team, s.member(team), order.shipped_at!, changedAt ?? order.shipped_at!, changedAt ? 2 : 1),
        order_no: order.order_no,
        express_company: order.express_company,
        express_no: order.express_no!,
        receiver: s.rng.pick(RECEIVERS),
        signed_at,
        status,
        remark: status === 'rejected' ? '买家拒收，包裹退回仓库' : status === 'signed' && s.rng.chance(0.3) ? '快递柜代收' : '',
      };
    });
}

/** Crowded towards now, so that open purchases sit beside the received history. */
function purchaseRows(s: Seeder, team: AskingTeam, goods: Goods[], count: number): Row<'purchases'>[] {
  return Array.from({ length: count }, (_, i): Row<'purchases'> => {
    const created = s.spread(i, count, 1.5);
    const age = s.now - created;
    const status =
      age < 7 * DAY
        ? s.rng.weighted([['draft', 40], ['ordered', 60]] as const)
        : age < 30 * DAY
          ? s.rng.weighted([['ordered', 50], ['received', 40], ['cancelled', 10]] as const)
          : s.rng.weighted([['received', 88], ['cancelled', 12]] as const);
    const item = s.rng.pick(goods);
    const quantity = s.rng.int(5, 100) * 10;
    const expected_at = status === 'draft' || status === 'cancelled' ? null : created + s.rng.int(3, 12) * DAY;
    const updated =
      status === 'draft' ? created : status === 'received' ? s.byNow(created, expected_at!, 12 * DAY) : s.after(created, HOUR, 2 * DAY);
    return {
      ...s.common(team, s.member(team), created, updated, { draft: 1, ordered: 2, cancelled: 2, received: 3 }[status]),
      purchase_no: s.docNo('CG', created),
      supplier: SUPPLIERS[item.category],
      goods_name: `${item.name}（${item.spec}）`,
      quantity,
      amount_fen: jiao(item.cost_fen * quantity * (0.92 + 0.08 * s.rng.next())),
      status,
      expected_at,
    };
  });
}

/** Crowded towards now, so that open work sits beside the closed history. */
function workOrderRows(s: Seeder, team: AskingTeam, count: number): Row<'work_orders'>[] {
  return Array.from({ length: count }, (_, i): Row<'work_orders'> => {
    const created = s.spread(i, count, 1.5);
    const age = s.now - created;
    const status =
      age < 7 * DAY
        ? s.rng.weighted([['open', 60], ['processing', 40]] as const)
        : age < 30 * DAY
          ? s.rng.weighted([['processing', 40], ['resolved', 45], ['open', 15]] as const)
          : s.rng.weighted([['resolved', 50], ['closed', 50]] as const);
    const [title, content] = s.rng.pick(WORK_ORDERS);
    const changes = { open: 0, processing: 1, resolved: 2, closed: 3 }[status];
    return {
      ...s.common(team, s.member(team), created, changes ? s.after(created, HOUR, 5 * DAY) : created, 1 + changes),
      order_no: s.docNo('GD', created),
      title,
      content,
      priority: s.rng.weighted([['low', 20], ['normal', 50], ['high', 22], ['urgent', 8]] as const),
      status,
      assignee_id: status === 'open' && s.rng.chance(0.6) ? null : s.member(team),
    };
  });
}

const TRADE_NO: Record<TradeKind['channel'], (s: Seeder, at: number, serial: string) => string> = {
  alipay: (s, at, serial) => `${ymd(at)}2200${s.rng.digits(12)}${serial}`,
  wechat: (s, at, serial) => `4200${s.rng.digits(12)}${ymd(at)}${serial}`,
  bank: (s, at, serial) => `B${ymd(at)}${s.rng.digits(10)}${serial}`,
};

function tradeRows(s: Seeder, team: TeamKey, count: number): Row<'trades'>[] {
  return Array.from({ length: count }, (_, i): Row<'trades'> => {
    const at = s.spread(i, count);
    const kind = s.rng.weighted(TRADE_KINDS.map((k) => [k, k.weight] as const));
    const status =
      s.now - at < DAY
        ? s.rng.weighted([['pending', 50], ['success', 50]] as const)
        : s.rng.weighted([['success', 94], ['failed', 6]] as const);
    return {
      ...s.common(team, s.member(team), at),
      trade_no: TRADE_NO[kind.channel](s, at, pad(s.serial('trade'), 4)),
      direction: kind.direction,
      amount_fen: s.rng.int(kind.yuan[0] * 100, kind.yuan[1] * 100),
      channel: kind.channel,
      counterparty: s.rng.pick(kind.counterparties),
      status,
      traded_at: at,
      remark: status === 'failed' ? `${kind.remark}，付款失败待重试` : kind.remark,
    };
  });
}

function taskRows(s: Seeder): Row<'tasks'>[] {
  return TASKS.map(([name, cron, handler, every, enabled, remark], i): Row<'tasks'> => {
    const created = s.spread(i, TASKS.length);
    const ok = s.rng.chance(0.85);
    return {
      ...s.common('ops', s.userId('admin'), created, enabled ? created : s.after(created, DAY, 30 * DAY), enabled ? 1 : 2),
      name,
      cron,
      handler,
      status: enabled ? 'enabled' : 'disabled',
      last_run_at: enabled ? s.now - s.rng.int(MINUTE, every) : null,
      last_result: !enabled ? '' : ok ? `成功，耗时 ${s.rng.int(1, 40) / 10} 秒` : '失败：平台接口超时，下次运行重试',
      remark,
    };
  });
}

function serverRows(s: Seeder): Row<'servers'>[] {
  return SERVERS.map(([name, host, ip, os, cpu_cores, memory_mb, online, remark], i): Row<'servers'> => ({
    ...s.common('ops', s.userId('admin'), s.spread(i, SERVERS.length)),
    name,
    host,
    ip,
    os,
    cpu_cores,
    memory_mb,
    status: online ? 'online' : 'offline',
    remark,
  }));
}

function deviceRows(s: Seeder): Row<'iot_devices'>[] {
  return DEVICES.map(([name, kind, location, reported], i): Row<'iot_devices'> => {
    const status = reported ? s.rng.weighted([['online', 80], ['offline', 10], ['fault', 10]] as const) : 'offline';
    const last_seen_at = !reported
      ? null
      : status === 'online'
        ? s.now - s.rng.int(5_000, 5 * MINUTE)
        : s.now - s.rng.int(HOUR, 3 * DAY);
    return {
      ...s.common('ops', s.userId('admin'), s.spread(i, DEVICES.length)),
      device_no: `IOT-${String(i + 1).padStart(4, '0')}`,
      name,
      kind,
      location,
      status,
      last_seen_at,
    };
  });
}

function websiteRows(s: Seeder): Row<'websites'>[] {
  return WEBSITES.map(([name, domain, icp, online, remark], i): Row<'websites'> => ({
    ...s.common('ops', s.userId('admin'), s.spread(i, WEBSITES.length)),
    name,
    domain,
    icp,
    status: online ? 'online' : 'offline',
    remark,
  }));
}

export async function seedBusiness(trx: Transaction<Database>, ctx: BusinessSeedContext): Promise<void> {
  const s = new Seeder(ctx);

  // Every product has its store comments, so a goods detail and 商品评论 tell the same story. The
  // buyer's are written with its goods; the others' at the end, leaving the rest of the demo as it was.
  const commentsLater: Array<[TeamKey, Array<{ id: number; created_at: number }>]> = [];
  // The asking teams' shops sell at the counter too (收银台): their on-sale goods, for the sales at the end.
  const shops: CashierSeed['teams'] = [];
  // And they manage their goods in batches (商品管理): a few past ones each, at the very end.
  const managed: GoodsBatchSeed['teams'] = [];
  const opsGoods = goodsRows(s, 'ops', 15);
  commentsLater.push(['ops', await inBatches(opsGoods, (batch) => trx.insertInto('goods').values(batch).returning(['id', 'created_at']).execute())]);

  const goodsOf = new Map<AskingTeam, Goods[]>();
  const billsLater: Array<() => Row<'store_bills'>[]> = [];
  for (const team of ['buyer', 'buyer2'] as const) {
    const goods = goodsRows(s, team, 40);
    const inserted = await inBatches(goods, (batch) =>
      trx.insertInto('goods').values(batch).returning(['id', 'created_at']).execute(),
    );
    shops.push({ team_id: s.common(team, null, 0).team_id, sellers: TEAM_USERS[team].map((name) => s.userId(name)), goods: goods.map((g, i) => ({ ...g, id: inserted[i].id })).filter((g) => g.status === 'on_sale') });
    managed.push({ team_id: s.common(team, null, 0).team_id, user_id: s.userId(TEAM_USERS[team][0]), goods: goods.map((g, i) => batchGoods(g, inserted[i].id)) });
    if (team === 'buyer') await insertComments(trx, commentRows(s, team, inserted));
    else commentsLater.push([team, inserted]);

    await insertAsks(trx, askRows(s, team, goods, 30));
    goodsOf.set(team, goods);

    const orders = orderRows(s, team, goods, team === 'buyer' ? 60 : 20);
    const { settlements, results } = reconciliationRows(orders, s.now);
    const bills = team === 'buyer' ? billRows(s, team, orders, results) : [];
    if (team === 'buyer2') billsLater.push(() => billRows(s, team, orders, results));
    const orderIds = await inBatches(orders, (batch) => trx.insertInto('store_orders').values(batch).returning(['id', 'order_no', 'express_no']).execute());
    await addTrackingNumbers(trx, orderIds);
    await writeOrderResults(
      trx,
      orderIds.map((order) => order.id),
      orderIds.map((order) => results.get(order.order_no)!),
    );
    await inBatches(settlements, (batch) => trx.insertInto('recon_settlements').values(batch).execute());
    const team_id = s.common(team, null, 0).team_id;
    const members = TEAM_USERS[team].map((name) => s.userId(name));
    await trx.insertInto('recon_import_jobs').values(reconImportRows({ now: s.now, earlier: team === 'buyer' ? 0 : 40 * MINUTE, team_id, members, shops: SHOPS[team], orders, settlements })).execute();
    await inBatches(bills, (batch) => trx.insertInto('store_bills').values(batch).execute());
    const signs = signRows(s, team, orders, 25);
    await inBatches(signs, (batch) => trx.insertInto('sign_records').values(batch).execute());

    const purchases = purchaseRows(s, team, goods, 20);
    await inBatches(purchases, (batch) => trx.insertInto('purchases').values(batch).execute());
    const workOrders = workOrderRows(s, team, 15);
    await inBatches(workOrders, (batch) => trx.insertInto('work_orders').values(batch).execute());
    const trades = tradeRows(s, team, 40);
    await inBatches(trades, (batch) => trx.insertInto('trades').values(batch).execute());
  }

  await trx.insertInto('tasks').values(taskRows(s)).execute();
  await trx.insertInto('servers').values(serverRows(s)).execute();
  await trx.insertInto('iot_devices').values(deviceRows(s)).execute();
  await trx.insertInto('websites').values(websiteRows(s)).execute();
  for (const [team, goods] of commentsLater) await insertComments(trx, commentRows(s, team, goods));
  // The operation team sells goods too: its trades, last, leave the rows above as they were.
  await inBatches(tradeRows(s, 'ops', 30), (batch) => trx.insertInto('trades').values(batch).execute());
  // Added for 数据大屏, after everything else for the same reason: the last two months' decided asks
  // of both buying teams, and the second team's store bills (its share of platforms).
  for (const [team, count] of [['buyer', 80], ['buyer2', 48]] as const) await insertAsks(trx, askRows(s, team, goodsOf.get(team)!, count, LAST_MONTHS(s, count)));
  for (const bills of billsLater) await inBatches(bills(), (batch) => trx.insertInto('store_bills').values(batch).execute());
  await seedCashier(trx, { now: s.now, rng: s.rng, docNo: (prefix, at) => s.docNo(prefix, at), teams: shops });
  await seedPosters(trx, { now: s.now, teams: shops });
  await seedGoodsBatches(trx, { now: s.now, docNo: (prefix, at) => s.docNo(prefix, at), teams: managed });
}

/** A seeded goods row as a batch reads it. */
const batchGoods = (goods: Goods, id: number): GoodsBatchSeed['teams'][number]['goods'][number] => ({
  id,
  sku: goods.sku,
  name: goods.name,
  category: goods.category || null,
  price_fen: Number(goods.price_fen),
  cost_fen: goods.cost_fen === undefined ? null : Number(goods.cost_fen),
  stock: Number(goods.stock ?? 0),
  status: String(goods.status),
  version: Number(goods.version ?? 1),
});

/** Asks with their quotes. */
async function insertAsks(trx: Transaction<Database>, asks: ReturnType<typeof askRows>) {
  const askIds = await inBatches(
    asks.map((a) => a.ask),
    (batch) => trx.insertInto('price_asks').values(batch).returning(['id', 'ask_no']).execute(),
  );
  const idByAskNo = new Map(askIds.map((a) => [a.ask_no, a.id]));
  const quotes = asks.flatMap(({ ask, quotes }) => quotes.map((q) => ({ ...q, ask_id: idByAskNo.get(ask.ask_no)! })));
  await inBatches(quotes, (batch) => trx.insertInto('price_quotes').values(batch).execute());
}

async function insertComments(trx: Transaction<Database>, comments: Row<'goods_comments'>[]) {
  await inBatches(comments, (batch) => trx.insertInto('goods_comments').values(batch).execute());
}
