import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum parameters: 19 MiB of memory, 2 passes, 1 lane. */
// algorithm 2 is Argon2id (a const enum in the library's types, not importable as a value).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

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

/**
 * A hash of a password nobody has, verified when the user name is unknown so that a wrong name
 * costs as long as a wrong password and timing tells nothing.
 */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-for-unknown-users');
  return decoy;
}
