/**
 * Data of the quoting board benchmark: a year of asks of many asking teams, three sealed quotes
 * per ask from the quoting teams, and the manual queues of the asks still open, written straight
 * into the SQLite file with prepared multi-row INSERTs in one transaction (through the API this
 * would take hours and time the API, not the board).
 */
import SQLite from 'better-sqlite3';
import { seededRandom } from '../../tests/support/fuzz-cases';

const ROWS_PER_INSERT = 200;
const DAY = 24 * 3600_000;
const SPAN = 365 * DAY;
/** Asks of the last two weeks are still open (about 4 % of a year): the market the quoting teams see. */
const OPEN_SPAN = 14 * DAY;
const GOODS = ['蓝牙耳机', '充电宝', '保温杯', '全棉四件套', '空气炸锅', '电动牙刷', '洗面奶', '精华液', '每日坚果', '挂耳咖啡', '抽纸', '收纳盒', '跑鞋', '瑜伽垫', '猫粮', '电脑包'];
const CATEGORIES = ['数码', '家居', '家纺', '小家电', '个护', '美妆', '食品', '日用', '鞋靴', '运动', '宠物', '箱包'];

export interface BoardTeams {
  /** Asking teams (type 1): the demo seller's first, so the asker's page is the share one team has. */
  asking: number[];
  /** Quoting teams (type 2): the demo staff's first. */
  quoting: number[];
}

export interface BoardCounts {
  asks: number;
  quotes: number;
  queue: number;
  open: number;
}

/** One table's multi-row INSERT, prepared once per row count. */
function inserter(sqlite: SQLite.Database, table: string, columns: string[]) {
  const placeholders = `(${columns.map(() => '?').join(', ')})`;
  const prepared = new Map<number, SQLite.Statement>();
  let pending: unknown[][] = [];
  const flush = () => {
    if (pending.length === 0) return;
    let statement = prepared.get(pending.length);
    if (!statement) {
      statement = sqlite.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: pending.length }, () => placeholders).join(', ')}`);
      prepared.set(pending.length, statement);
    }
    statement.run(pending.flat());
    pending = [];
  };
  return {
    add(row: unknown[]) {
      pending.push(row);
      if (pending.length === ROWS_PER_INSERT) flush();
    },
    flush,
  };
}

/** Teams added beside the demo ones, so the board has many asking and quoting teams. */
export function addTeams(file: string, type: 1 | 2, names: string[], now: number): number[] {
  const sqlite = new SQLite(file);
  const insert = sqlite.prepare('insert into teams (name, type, created_at, updated_at) values (?, ?, ?, ?)');
  const ids = names.map((name) => Number(insert.run(name, type, now, now).lastInsertRowid));
  sqlite.close();
  return ids;
}

/**
 * Writes `asks` asks spread over the year before `now` (ids after every existing one, in time
 * order), each with three quotes of three quoting teams and, while open, a queue item for every
 * quoting team that has not quoted. The first asking team owns 1 ask in 20.
 */
export function seedBoard(file: string, teams: BoardTeams, asks: number, now: number): BoardCounts {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  // Quotes are written before the last asks' INSERT is flushed; every reference is to a row of this batch.
  sqlite.pragma('foreign_keys = OFF');
  // Deterministic, so every run writes the same rows.
  const random = seededRandom(20261126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const firstAsk = Number((sqlite.prepare('select coalesce(max(id), 0) as top from price_asks').get() as { top: number }).top) + 1;
  const firstQuote = Number((sqlite.prepare('select coalesce(max(id), 0) as top from price_quotes').get() as { top: number }).top) + 1;
  const system = ['team_id', 'version', 'created_by', 'created_at', 'updated_at'];
  const askRows = inserter(sqlite, 'price_asks', ['id', ...system, 'ask_no', 'goods_name', 'spec', 'quantity', 'expected_price_fen', 'kind', 'status', 'handle_mode', 'deadline_at', 'remark', 'category']);
  const quoteRows = inserter(sqlite, 'price_quotes', ['id', ...system, 'ask_id', 'quote_no', 'quote_type', 'price_fen', 'quantity', 'delivery_days', 'status', 'remark', 'validity_hours', 'expires_at']);
  const queueRows = inserter(sqlite, 'ask_queue', [...system, 'ask_id', 'status', 'reason']);
  const counts: BoardCounts = { asks, quotes: 0, queue: 0, open: 0 };
  // Indexes are built once after the rows, in one sorted pass each, rather than kept up row by row.
  const indexes = sqlite
    .prepare("select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ('price_asks', 'price_quotes', 'ask_queue')")
    .all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) sqlite.exec(`drop index "${index.name}"`);
  const others = teams.asking.slice(1);

  sqlite.transaction(() => {
    for (let i = 0; i < asks; i++) {
      const id = firstAsk + i;
      const at = now - SPAN + Math.floor((i / asks) * SPAN);
      const open = now - at < OPEN_SPAN;
      const team = i % 20 === 0 ? teams.asking[0] : pick(others);
      const quantity = 10 + Math.floor(random() * 2000);
      const expected = 1000 + Math.floor(random() * 50_000);
      const decided = random();
      const status = open ? (decided < 0.3 ? 'pending' : 'quoted') : decided < 0.6 ? 'accepted' : decided < 0.85 ? 'closed' : 'expired';
      if (open) counts.open++;
      const goods = pick(GOODS);
      askRows.add([id, team, 1, null, at, at, `XJ${String(id).padStart(10, '0')}`, goods, `规格${1 + Math.floor(random() * 20)}`, quantity, expected, 'ordinary', status, 'manual', open ? now + 3 * DAY : at + 3 * DAY, '', pick(CATEGORIES)]);

      // Three quoting teams answer (none yet on a pending ask's queue items); one quote of an accepted ask won.
      const start = Math.floor(random() * teams.quoting.length);
      const quoted = status === 'pending' ? [] : [0, 1, 2].map((k) => teams.quoting[(start + k * 3) % teams.quoting.length]);
      quoted.forEach((quoter, k) => {
        const quoteId = firstQuote + counts.quotes++;
        const quoteStatus = status === 'quoted' ? 'submitted' : status === 'accepted' ? (k === 0 ? 'accepted' : 'rejected') : status === 'closed' ? 'rejected' : 'expired';
        const quotedAt = at + (k + 1) * 600_000;
        quoteRows.add([quoteId, quoter, 1, null, quotedAt, quotedAt, id, `BJ${String(quoteId).padStart(10, '0')}`, k % 2 ? 'transfer' : 'spot', Math.round(expected * (0.9 + random() * 0.3)), quantity, 1 + k * 2, quoteStatus, '', 24, open ? now + DAY : quotedAt + DAY]);
      });
      if (open) {
        for (const quoter of teams.quoting.filter((t) => !quoted.includes(t))) {
          queueRows.add([quoter, 1, null, at, at, id, 'open', '']);
          counts.queue++;
        }
      }
    }
    askRows.flush();
    quoteRows.flush();
    queueRows.flush();
  })();
  for (const index of indexes) sqlite.exec(index.sql);
  sqlite.pragma('optimize');
  sqlite.close();
  return counts;
}
