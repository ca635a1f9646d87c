/**
 * 文件管理's demo: each asking team and the operations centre keep their product pictures, the
 * platforms' bills, contracts and marketing material in folders, uploaded by different members over
 * the last weeks. The bytes are real (generated pictures, CSV bills in the platforms' own columns,
 * short texts) and written where the download route reads them.
 */
import fs from 'node:fs';
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { fileKindOf } from '../../../src/contract/api/files';
import { contentTypeOf } from '../../files/rules';
import { fileStorage } from '../../files/storage';
import { poster, productShot } from './png';

const DAY = 86_400_000;

type Bytes = () => Buffer;
/** A file: its name, what it holds, who uploaded it (a username of the team) and how many days ago. */
type DemoFile = readonly [name: string, bytes: Bytes, uploader: string, daysAgo: number];
interface DemoFolder {
  name: string;
  files: DemoFile[];
  folders?: DemoFolder[];
}

const csv = (rows: Array<Array<string | number>>) => Buffer.from(`\uFEFF${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');
const text = (lines: string[]) => Buffer.from(`${lines.join('\n')}\n`, 'utf8');

const douyinFlows = (month: string, seed: number) => () =>
  csv([
    ['动账流水号', '动账时间', '动账方向', '动账金额', '动账场景', '订单号', '子订单号', '平台服务费', '佣金'],
    ...Array.from({ length: 12 }, (_, i) => [
      `DY${month.replace('-', '')}${String(seed * 100 + i).padStart(6, '0')}`,
      `${month}-${String(1 + i * 2).padStart(2, '0')} 1${i % 10}:2${i % 6}:00`,
      i % 5 === 4 ? '出账' : '入账',
      ((i % 5 === 4 ? -1 : 1) * (39 + ((seed * 37 + i * 53) % 260) + 0.9)).toFixed(2),
      i % 5 === 4 ? '售后退款' : '订单结算',
      `69${seed}${String(4_812_300 + i * 17)}`,
      `69${seed}${String(4_812_300 + i * 17)}1`,
      (-(1 + (i % 4) * 0.6)).toFixed(2),
      (-(2 + (i % 3))).toFixed(2),
    ]),
  ]);

const kuaishouBill = (month: string, seed: number) => () =>
  csv([
    ['订单号', '商品名称', '实际结算金额(元)', '实际结算时间', '技术服务费(元)', '达人佣金(元)'],
    ...Array.from({ length: 10 }, (_, i) => [
      `21${seed}${String(77_310_000 + i * 131)}`,
      ['保温杯 500ml', '蓝牙耳机 Pro', '防晒衣 女款', '收纳箱 三件套', '数据线 快充'][i % 5],
      (29 + ((seed * 41 + i * 67) % 180) + 0.5).toFixed(2),
      `${month}-${String(3 + i * 2).padStart(2, '0')} 09:${String(10 + i).padStart(2, '0')}:00`,
      (0.6 + (i % 3) * 0.4).toFixed(2),
      (i % 2 === 0 ? 3.5 : 0).toFixed(2),
    ]),
  ]);

const wechatFlows = (month: string, seed: number) => () =>
  csv([
    ['流水单号', '记账时间', '收支类型', '收支金额', '关联订单号', '备注'],
    ...Array.from({ length: 8 }, (_, i) => [
      `WX${month.replace('-', '')}${String(seed * 1000 + i * 7).padStart(8, '0')}`,
      `${month}-${String(2 + i * 3).padStart(2, '0')} 20:1${i}:00`,
      i === 5 ? '支出' : '收入',
      (i === 5 ? -12 : 58 + ((seed * 13 + i * 29) % 140)).toFixed(2),
      `3700${seed}${String(1_203_400 + i * 9)}`,
      i === 5 ? '技术服务费' : '货款结算',
    ]),
  ]);

function foldersOf(team: 'buyer' | 'buyer2' | 'ops', seed: number, people: readonly string[]): DemoFolder[] {
  const [first, second = first, third = first] = people;
  return [
    {
      name: '商品主图',
      files: [
        ['保温杯-白色主图.png', () => productShot(160, [225, 236, 248], [245, 245, 245]), first, 21],
        ['保温杯-黑色主图.png', () => productShot(160, [225, 236, 248], [40, 44, 52]), first, 21],
        ['蓝牙耳机主图.png', () => productShot(160, [238, 232, 250], [94, 92, 230]), second, 14],
        ['收纳箱-三件套.png', () => productShot(160, [232, 246, 236], [82, 178, 120]), second, 9],
      ],
      folders: [
        {
          name: '夏季新品',
          files: [
            ['防晒衣-模特图.png', () => productShot(160, [255, 240, 226], [250, 140, 60]), third, 6],
            ['冰丝凉席-细节图.png', () => productShot(160, [228, 244, 250], [60, 160, 210]), first, 4],
          ],
        },
      ],
    },
    {
      name: '对账单',
      files: [
        ['抖音动账明细-2026年10月.csv', douyinFlows('2026-10', seed), first, 27],
        ['快手货款账单-2026年10月.csv', kuaishouBill('2026-10', seed), second, 26],
        ['微信小店资金流水-2026年10月.csv', wechatFlows('2026-10', seed), first, 25],
        ['抖音动账明细-2026年11月.csv', douyinFlows('2026-11', seed + 1), third, 2],
      ],
    },
    {
      name: '合同',
      files: [
        [
          '云仓代发合作协议-要点.txt',
          () =>
            text([
              '云仓代发合作协议（要点摘录）',
              '',
              '一、合作内容：乙方为甲方提供商品仓储、打包及代发服务。',
              '二、发货时效：当日 16:00 前付款的订单当日发出，其余次日发出。',
              '三、费用结算：按月结算，每月 5 日前对上月账单，10 日前付款。',
              '四、破损赔付：因包装不当导致的破损，由乙方按商品成本价赔付。',
              '五、协议期限：自 2026 年 1 月 1 日起一年，期满前 30 日协商续签。',
            ]),
          second,
          40,
        ],
        [
          '快递年度框架合同-摘要.txt',
          () => text(['快递年度框架合同（摘要）', '', '首重 1kg：江浙沪 3.2 元，其余省份 4.5 元；续重每公斤 1.5 元。', '时效：省内次日达，跨省 48 小时内。', '月结，账期 30 天。']),
          first,
          35,
        ],
      ],
    },
    {
      name: '营销素材',
      files: [
        ['双十一活动海报.png', () => poster(240, 320, [230, 60, 70], [255, 190, 60]), third, 18],
        ['直播间背景图.png', () => poster(320, 180, [40, 90, 200], [120, 200, 255]), second, 12],
        [
          '双十一活动方案.txt',
          () =>
            text([
              `双十一活动方案（${team === 'ops' ? '平台运营' : '店铺'}）`,
              '',
              '1. 预热期 11/01–11/10：店铺首页换新，收藏加购送 5 元券。',
              '2. 爆发期 11/11：满 199 减 30，前 1 小时下单赠保温杯套。',
              '3. 返场期 11/12–11/13：清理库存，低库存款不再参加满减。',
              '4. 直播：每晚 20:00 主推保温杯、蓝牙耳机。',
            ]),
          first,
          20,
        ],
        ['直播话术.txt', () => text(['开场：欢迎来到直播间，今天的福利款是保温杯，点关注领券！', '讲解：316 不锈钢内胆，保温 12 小时，送杯刷。', '逼单：库存只剩最后 50 件，拍下 5 分钟内付款。']), third, 8],
      ],
    },
  ];
}

/** Who uploads in each team (usernames, in the order the folders name them). */
const TEAM_PEOPLE = { buyer: ['seller', 'zhaolei', 'qianwei'], buyer2: ['sunli'], ops: ['admin'] } as const;
const TOP_NOTE: Bytes = () => text(['团队文件说明', '', '商品主图：上架用的主图与细节图，按季节分文件夹。', '对账单：各平台每月导出的账单原件，对账后勿删。', '合同：合作协议与框架合同的摘要。', '营销素材：活动海报、方案与话术。']);

export interface FilesSeedContext {
  now: number;
  dataDir: string;
  teamIds: ReadonlyMap<string, number>;
  userIds: ReadonlyMap<string, number>;
}

export async function seedFiles(trx: Transaction<Database>, { now, dataDir, teamIds, userIds }: FilesSeedContext): Promise<void> {
  const storage = fileStorage(dataDir);
  for (const [index, [team, people]] of Object.entries(TEAM_PEOPLE).entries()) {
    const teamId = teamIds.get(team)!;
    let uploads = 0;
    const addFile = async (folderId: number, [name, bytes, uploader, daysAgo]: DemoFile) => {
      const content = bytes();
      const place = await storage.place(teamId);
      fs.writeFileSync(place.path, content);
      // Uploads of one day spread over its working hours (0 to 9 h 59 min before the seed's time of
      // day), each file at its own minute, rather than every row of a team at one clock time.
      const at = now - daysAgo * DAY - ((index * 97 + uploads++ * 131) % 600) * 60_000;
      await trx
        .insertInto('team_files')
        .values({
          team_id: teamId,
          folder_id: folderId,
          name,
          kind: fileKindOf(name),
          content_type: contentTypeOf(name),
          size: content.length,
          storage_key: place.key,
          uploaded_by: userIds.get(uploader) ?? null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    };
    const addFolder = async (parentId: number, folder: DemoFolder) => {
      const oldest = Math.max(...folder.files.map((file) => file[3]));
      const at = now - (oldest + 1) * DAY;
      const { id } = await trx
        .insertInto('file_folders')
        .values({ team_id: teamId, parent_id: parentId, name: folder.name, created_by: userIds.get(people[0]) ?? null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const file of folder.files) await addFile(id, file);
      for (const child of folder.folders ?? []) await addFolder(id, child);
    };
    for (const folder of foldersOf(team as keyof typeof TEAM_PEOPLE, index + 1, people)) await addFolder(0, folder);
    await addFile(0, ['团队文件说明.txt', TOP_NOTE, people[0], 45]);
  }
}
