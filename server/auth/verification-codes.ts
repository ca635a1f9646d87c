import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CodeScene } from '../../src/contract/api/account';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';
import { tokenHash } from './tokens';

const VALID_MS = 5 * 60_000;
const RESEND_MS = 60_000;
const MAX_TRIES = 5;

/** Delivers a code to a phone. Production plugs in an SMS gateway; demo mode logs it. */
export interface CodeSender {
  readonly demo: boolean;
  send(mobile: string, code: string, scene: CodeScene): Promise<void>;
}

export function logSender(log: FastifyBaseLogger): CodeSender {
  return {
    demo: true,
    async send(mobile, code, scene) {
      log.info({ mobile, scene, code }, 'demo verification code');
    },
  };
}

/** Without a gateway outside demo mode nothing can be sent, and the caller is told so. */
export const noSender: CodeSender = {
  demo: false,
  async send() {
    throw new ApiError(Code.unavailable, 'smsUnavailable');
  },
};

const hashOf = (mobile: string, scene: CodeScene, code: string) => tokenHash(`${scene}:${mobile}:${code}`);

/** A fresh 6-digit code, at most one per mobile and scene every 60 s. Returns it for the sender. */
export async function issueCode(db: Kysely<Database>, mobile: string, scene: CodeScene, now = Date.now()): Promise<string> {
  const last = await db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('scene', '=', scene)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last && now - last.created_at < RESEND_MS) {
    throw new ApiError(Code.tooManyRequests, 'codeTooFrequent', { seconds: Math.ceil((last.created_at + RESEND_MS - now) / 1000) });
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .insertInto('verification_codes')
    .values({ mobile, scene, code_hash: hashOf(mobile, scene, code), attempts: 0, expires_at: now + VALID_MS, used_at: null, created_at: now })
    .execute();
  return code;
}

/** Spends the latest code for the mobile and scene; five wrong tries burn it. */
export async function consumeCode(db: Kysely<Database>, mobile: string, scene: CodeScene, code: string, now = Date.now()) {
  const row = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('scene', '=', scene)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.badRequest, 'codeInvalid');
  if (row.attempts >= MAX_TRIES) throw new ApiError(Code.badRequest, 'codeTooManyTries');
  if (row.code_hash !== hashOf(mobile, scene, code)) {
    await db.updateTable('verification_codes').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    throw new ApiError(Code.badRequest, row.attempts + 1 >= MAX_TRIES ? 'codeTooManyTries' : 'codeInvalid');
  }
  await db.updateTable('verification_codes').set({ used_at: now }).where('id', '=', row.id).execute();
}
