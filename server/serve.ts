import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/open';
import { prepareDatabase } from './db/prepare';
import { DEMO_ACCOUNTS, demoAccountRole } from './db/seed/demo';
import { buildApp } from './app';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * How long building the app and starting to listen may take (Fastify's timer per plugin is off:
 * app.ts): a plugin that never finishes loading fails the start instead of hanging it. Fastify
 * gave each plugin 10 s; the whole start gets 30 s, room for a machine under heavy load.
 */
const START_LIMIT_MS = 30_000;

/** How long a draining server keeps answering 503 before it closes its connections. */
const DRAIN_GRACE_MS = 1_000;

/** How a start went, for the compiled server's loader (scripts/bundle-loader.ts). */
export interface Started {
  /**
   * False when this start migrated or seeded the database: it ran code later starts do not, which
   * a code cache written now would make every later start deserialize.
   */
  typical: boolean;
}

/**
 * Opens the database, builds the app and listens; resolves once listening. Called by main.ts,
 * which Node runs through tsx in development and from the compiled bundle in production.
 */
export async function serve(): Promise<Started> {
  const config = readConfig();
  const database = openDatabase(config);
  const { applied, seeded } = await prepareDatabase(database, config);
  const limit = setTimeout(() => {
    console.error(`The server did not finish starting within ${START_LIMIT_MS / 1000} s: a plugin never finished loading.`);
    process.exit(1);
  }, START_LIMIT_MS);
  const app = await buildApp({ config, database });

  let stopping = false;
  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'draining requests and sockets');
    // Requests on kept-alive connections get their 503 for a moment rather than a closed socket;
    // then close() stops accepting, lets open requests finish and runs onClose hooks (sockets) first.
    app.drain();
    await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS));
    await app.close();
    await database.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  clearTimeout(limit);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;

  // One language a line: the product's name, then an operator's English.
  const lines = [
    '',
    '  电商卖家控制台',
    `  Seller console is running: http://${shownHost}:${port}`,
    `  API docs: http://${shownHost}:${port}/api/docs`,
    `  Database: ${database.dialect} (${database.location})${applied.length ? `, migrated ${applied.join(', ')}` : ''}${seeded ? ', demo data seeded' : ''}`,
  ];
  if (config.demoSeed) {
    lines.push('  Demo accounts (username / password, role · team):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.username.padEnd(8)} / ${a.password.padEnd(10)} ${demoAccountRole(a)}`);
  }
  console.log(lines.join('\n') + '\n');
  return { typical: applied.length === 0 && !seeded };
}
