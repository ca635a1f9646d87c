/**
 * The demo's 系统日志: the last two weeks of the teams' work as the log records it. Each working
 * morning its people log in from their office's network (a mistyped password now and then), sellers
 * create asks and urge, close or accept, quoters quote and claim, the team manager locks the screen
 * over lunch, and the administrator sends notices, changes grants and publishes a screen; most log
 * out in the evening. Targets name records the seed made, as the log names them (`price_asks:12`);
 * every time lies before the seed runs.
 */
import type { Insertable, Transaction } from 'kysely';
import type { Database, SystemLogTable } from '../schema';
import { workflowAction, type AuditAction } from '../../audit/actions';
import { Random } from './business';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const CST = 8 * HOUR;
const DAYS = 14;

type Role = 'seller' | 'quoter' | 'manager' | 'admin';

/** Who works in the log, and from which network: each team's office has its own. */
const PEOPLE: ReadonlyArray<{ username: string; role: Role; network: string }> = [
  { username: 'admin', role: 'admin', network: '10.8.0' },
  { username: 'seller', role: 'seller', network: '192.168.10' },
  { username: 'zhaolei', role: 'seller', network: '192.168.10' },
  { username: 'qianwei', role: 'manager', network: '192.168.10' },
  { username: 'sunli', role: 'seller', network: '192.168.30' },
  { username: 'staff', role: 'quoter', network: '192.168.20' },
  { username: 'zhoujie', role: 'quoter', network: '192.168.20' },
  { username: 'wufang', role: 'quoter', network: '192.168.20' },
  { username: 'zhengmin', role: 'quoter', network: '172.16.5' },
];

/** The fields a seller fills in for a new ask, and a quoter for a quote, as the log lists changed fields. */
const ASK_FIELDS = 'goods_name,spec,category,quantity,expected_price_fen';
const QUOTE_FIELDS = 'ask_id,quote_type,price_fen,quantity,delivery_days';

interface Records {
  asks: Map<number, number[]>;
  quotes: Map<number, number[]>;
  /** Every team's quotes: an asker accepts whichever team's quote. */
  allQuotes: number[];
  queue: number[];
  roles: number[];
  users: number[];
  teamOf: Map<number, number>;
}

async function recordsOf(trx: Transaction<Database>): Promise<Records> {
  const byTeam = (rows: Array<{ id: number; team_id: number }>) => {
    const teams = new Map<number, number[]>();
    for (const { id, team_id } of rows) {
      const ids = teams.get(team_id);
      if (ids) ids.push(id);
      else teams.set(team_id, [id]);
    }
    return teams;
  };
  const [asks, quotes, queue, roles, users] = await Promise.all([
    trx.selectFrom('price_asks').select(['id', 'team_id']).orderBy('id').execute(),
    trx.selectFrom('price_quotes').select(['id', 'team_id']).orderBy('id').execute(),
    trx.selectFrom('ask_queue').select('id').orderBy('id').execute(),
    trx.selectFrom('roles').select('id').orderBy('id').execute(),
    trx.selectFrom('users').select(['id', 'team_id']).where('is_robot', '=', 0).orderBy('id').execute(),
  ]);
  return {
    asks: byTeam(asks),
    quotes: byTeam(quotes),
    allQuotes: quotes.map((q) => q.id),
    queue: queue.map((q) => q.id),
    roles: roles.map((r) => r.id),
    users: users.map((u) => u.id),
    teamOf: new Map(users.map((u) => [u.id, u.team_id])),
  };
}

export async function seedSystemLog(trx: Transaction<Database>, { now, userIds }: { now: number; userIds: Map<string, number> }): Promise<void> {
  const rng = new Random(20261128);
  const records = await recordsOf(trx);
  const rows: Array<Insertable<SystemLogTable>> = [];
  const today = Math.floor((now + CST) / DAY) * DAY - CST;

  for (let day = DAYS - 1; day >= 0; day--) {
    const midnight = today - day * DAY;
    // Sundays are quiet: the administrator alone looks in.
    const sunday = new Date(midnight + CST).getUTCDay() === 0;
    for (const person of PEOPLE) {
      const userId = userIds.get(person.username);
      if (userId === undefined || (sunday && person.role !== 'admin') || !rng.chance(0.85)) continue;
      const ip = `${person.network}.${10 + (userId % 200)}`;
      const entry = (at: number, action: AuditAction, target = '', detail = '', result: 'ok' | 'fail' = 'ok') =>
        rows.push({ user_id: userId, username: person.username, action, target, ip, result, detail, created_at: at });
      let at = midnight + 8 * HOUR + 30 * MINUTE + rng.int(0, 90) * MINUTE;
      if (rng.chance(0.08)) entry(at - rng.int(1, 3) * MINUTE, 'login', '', 'wrong credentials', 'fail');
      entry(at, 'login');
      const later = (minMinutes: number, maxMinutes: number) => (at += rng.int(minMinutes, maxMinutes) * MINUTE);
      const team = records.teamOf.get(userId)!;
      const pick = (ids: number[] | undefined) => (ids && ids.length > 0 ? rng.pick(ids) : null);
      if (person.role === 'seller') {
        for (let i = rng.int(1, 3); i > 0; i--) {
          const ask = pick(records.asks.get(team));
          if (ask !== null) entry(later(10, 70), 'resource-create', `price_asks:${ask}`, ASK_FIELDS);
        }
        const ask = pick(records.asks.get(team));
        if (ask !== null && rng.chance(0.5)) entry(later(20, 90), workflowAction(rng.pick(['urge', 'urge', 'close'])), `price_asks:${ask}`);
        const quote = pick(records.allQuotes);
        if (quote !== null && rng.chance(0.4)) entry(later(20, 120), workflowAction('accept'), `price_quotes:${quote}`, 'submitted→accepted');
      } else if (person.role === 'quoter') {
        for (let i = rng.int(2, 4); i > 0; i--) {
          const quote = pick(records.quotes.get(team));
          if (quote !== null) entry(later(5, 50), 'resource-create', `price_quotes:${quote}`, QUOTE_FIELDS);
        }
        const queued = pick(records.queue);
        if (queued !== null && rng.chance(0.4)) entry(later(10, 60), workflowAction('claim'), `ask_queue:${queued}`, 'open→claimed');
      } else if (person.role === 'manager') {
        entry(midnight + 12 * HOUR + rng.int(0, 20) * MINUTE, 'lock');
        entry(midnight + 13 * HOUR + 30 * MINUTE + rng.int(0, 20) * MINUTE, 'unlock');
      } else {
        if (rng.chance(0.3)) entry(later(10, 60), 'create-notice', 'all');
        if (rng.chance(0.2)) entry(later(10, 60), 'role-grants', `roles:${rng.pick(records.roles)}`);
        if (rng.chance(0.2)) entry(later(10, 60), 'resource-update', `users:${rng.pick(records.users)}`, 'department_id,mobile');
        if (day === 3) entry(later(10, 60), 'screen-publish', 'goods/list', 'v2');
      }
      if (rng.chance(0.6)) entry(midnight + 17 * HOUR + 30 * MINUTE + rng.int(0, 120) * MINUTE, 'logout');
    }
  }
  const past = rows.filter((row) => row.created_at < now).sort((a, b) => a.created_at - b.created_at);
  for (let start = 0; start < past.length; start += 200) await trx.insertInto('system_logs').values(past.slice(start, start + 200)).execute();
}
