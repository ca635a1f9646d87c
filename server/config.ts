/**
 * Every server setting, read from the environment once at start-up. A bad value stops the server
 * with a message that names the variable; nothing else in the server reads process.env.
 */
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… when set; otherwise the embedded SQLite file under dataDir. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** Prefix of every Redis key and channel, so several consoles (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Seed demo data into an empty database and enable demo-only helpers. */
  demoSeed: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** A request that takes this long is logged as slow (warn); others only at debug. */
  slowRequestMs: number;
  /** Folder of the built front end. */
  staticDir: string;
  bodyLimit: number;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  idleLockMinutes: number;
  trustProxy: boolean;
  chatPingInterval: number;
  chatPingTimeout: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The variables, their defaults and their meaning: the README's configuration table is this list. */
export const CONFIG_VARIABLES = {
  PORT: { default: '5200', doc: 'HTTP port of the console, its API and its WebSocket' },
  HOST: { default: '127.0.0.1', doc: 'Address to listen on (0.0.0.0 for every interface)' },
  DATA_DIR: { default: './data', doc: 'Folder of the embedded SQLite database and uploads' },
  DATABASE_URL: { default: '', doc: 'postgres://user:pass@host:5432/db to use PostgreSQL instead of SQLite' },
  REDIS_URL: { default: '', doc: 'redis://host:6379 to fan out events between several server processes' },
  REDIS_PREFIX: { default: 'console', doc: 'Prefix of the Redis keys and channels (letters, digits, _ . : -)' },
  DEMO_SEED: { default: 'on with SQLite, off with PostgreSQL', doc: 'Seed demo data into an empty database (on/off)' },
  LOG_LEVEL: { default: 'info', doc: 'fatal, error, warn, info, debug, trace or silent' },
  SLOW_REQUEST_MS: { default: '1000', doc: 'Requests taking this many milliseconds or more are logged as slow (warn)' },
  STATIC_DIR: { default: './dist', doc: 'Folder of the built front end' },
  BODY_LIMIT: { default: '1048576', doc: 'Largest accepted request body, in bytes' },
  ACCESS_TOKEN_TTL: { default: '2h', doc: 'Lifetime of an access token (s, m, h or d suffix)' },
  REFRESH_TOKEN_TTL: { default: '7d', doc: 'Absolute lifetime of a login (refresh token)' },
  IDLE_LOCK_MINUTES: { default: '30', doc: 'Idle minutes after which a session must unlock (decimals allowed)' },
  TRUST_PROXY: { default: 'off', doc: 'Trust X-Forwarded-* headers from a reverse proxy (on/off)' },
  CHAT_PING_INTERVAL: { default: '20', doc: 'Chat socket heartbeat interval, in seconds' },
  CHAT_PING_TIMEOUT: { default: '75', doc: 'Chat socket silence after which it is closed, in seconds' },
} as const;

const LOG_LEVELS: ReadonlyArray<Config['logLevel']> = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];
  const raw = (name: keyof typeof CONFIG_VARIABLES): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const number = (name: keyof typeof CONFIG_VARIABLES, fallback: number, min: number, max: number, whole: boolean): number => {
    const value = raw(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || (whole && !Number.isInteger(n)) || n < min || n > max) {
      problems.push(`${name}=${value}: expected a ${whole ? 'whole ' : ''}number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const integer = (name: keyof typeof CONFIG_VARIABLES, fallback: number, min: number, max: number) =>
    number(name, fallback, min, max, true);
  const decimal = (name: keyof typeof CONFIG_VARIABLES, fallback: number, min: number, max: number) =>
    number(name, fallback, min, max, false);

  const flag = (name: keyof typeof CONFIG_VARIABLES, fallback: boolean): boolean => {
    const value = raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'on', 'yes'].includes(value)) return true;
    if (['0', 'false', 'off', 'no'].includes(value)) return false;
    problems.push(`${name}=${value}: expected on or off`);
    return fallback;
  };

  const duration = (name: keyof typeof CONFIG_VARIABLES, fallback: string): number => {
    const value = raw(name);
    const seconds = value === undefined ? null : parseDuration(value);
    if (seconds !== null) return seconds;
    if (value !== undefined) problems.push(`${name}=${value}: expected a positive duration such as 900, 30m, 2h or 7d`);
    return parseDuration(fallback) as number;
  };

  const url = (name: 'DATABASE_URL' | 'REDIS_URL', protocols: string[]): string | null => {
    const value = raw(name);
    if (value === undefined) return null;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) throw new Error('protocol');
      return value;
    } catch {
      problems.push(`${name}: expected a ${protocols.map((p) => `${p}//…`).join(' or ')} URL`);
      return null;
    }
  };

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisPrefix = raw('REDIS_PREFIX') ?? 'console';
  if (!/^[\w.:-]{1,64}$/.test(redisPrefix)) {
    problems.push(`REDIS_PREFIX=${redisPrefix}: expected 1 to 64 letters, digits, _ . : or -`);
  }
  const logLevel = (raw('LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL=${logLevel}: expected one of ${LOG_LEVELS.join(', ')}`);

  const config: Config = {
    port: integer('PORT', 5200, 0, 65535),
    host: raw('HOST') ?? '127.0.0.1',
    dataDir: path.resolve(cwd, raw('DATA_DIR') ?? './data'),
    databaseUrl,
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix,
    demoSeed: flag('DEMO_SEED', databaseUrl === null),
    logLevel,
    slowRequestMs: integer('SLOW_REQUEST_MS', 1000, 0, 3_600_000),
    staticDir: path.resolve(cwd, raw('STATIC_DIR') ?? './dist'),
    bodyLimit: integer('BODY_LIMIT', 1_048_576, 1024, 1024 ** 3),
    accessTokenTtlSeconds: duration('ACCESS_TOKEN_TTL', '2h'),
    refreshTokenTtlSeconds: duration('REFRESH_TOKEN_TTL', '7d'),
    idleLockMinutes: decimal('IDLE_LOCK_MINUTES', 30, 0.05, 7 * 24 * 60),
    trustProxy: flag('TRUST_PROXY', false),
    chatPingInterval: integer('CHAT_PING_INTERVAL', 20, 1, 3600),
    chatPingTimeout: integer('CHAT_PING_TIMEOUT', 75, 2, 7200),
  };
  if (config.chatPingTimeout <= config.chatPingInterval) {
    problems.push('CHAT_PING_TIMEOUT must be longer than CHAT_PING_INTERVAL');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/** "900", "30m", "2h", "7d" → seconds; null when it is not a positive duration. */
export function parseDuration(value: string): number | null {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * DURATION_UNITS[match[2] || 's'];
  return seconds > 0 ? seconds : null;
}
