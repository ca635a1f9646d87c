import { createRequire } from 'node:module';
import type * as Argon2 from '@node-rs/argon2';

const requireAtRunTime = createRequire(import.meta.url);

/**
 * The library's build for this platform, asked for by its package's name. The library's own loader
 * first reads system files to tell musl from glibc and tries a file beside itself, a millisecond of
 * every start; where the guess of a glibc build is wrong (musl, another platform's naming), that
 * loader is the way in after all.
 */
function loadArgon2(): typeof Argon2 {
  const { platform, arch } = process;
  const abi = platform === 'linux' ? '-gnu' : platform === 'win32' ? '-msvc' : '';
  try {
    return requireAtRunTime(`@node-rs/argon2-${platform}-${arch}${abi}`) as typeof Argon2;
  } catch {
    return requireAtRunTime('@node-rs/argon2') as typeof Argon2;
  }
}

const { hash, verify } = loadArgon2();

/**
 * argon2id at one of OWASP's equivalent minimum settings: 12 MiB of memory, 3 passes, 1 lane. The
 * settings trade memory for passes at the same defence; the smaller memory verifies faster in a
 * fresh process (fewer pages to fault in; a restart's first login) and lets more logins run at once.
 */
// algorithm 2 is Argon2id (a const enum in the library's types, not importable as a value).
const OPTIONS = { algorithm: 2, memoryCost: 12288, timeCost: 3, parallelism: 1 } as const;

/** How a hash made with OPTIONS starts: `$argon2id$v=19$m=12288,t=3,p=1$`. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash made with other settings than today's (an older release's): a login that verifies it makes it again. */
export function needsRehash(hashed: string): boolean {
  return !hashed.startsWith(CURRENT_PREFIX);
}

/**
 * A hash of a password nobody has, verified when the user name is unknown so that a wrong name
 * costs as long as a wrong password and timing tells nothing.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-for-unknown-users');
  return decoy;
}
