import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';

let common: Promise<Set<string>> | undefined;

/**
 * zxcvbn's list is ranked by frequency: its head is the 1,000 most common passwords. Its dictionaries
 * are loaded at the first password set, not at every start.
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).slice(0, 1000)));
  return common;
}

/** Length is the schema's job; this refuses what attackers try first. */
export async function assertAcceptablePassword(password: string): Promise<void> {
  if ((await commonPasswords()).has(password.toLowerCase())) throw new ApiError(Code.badRequest, 'commonPassword');
}
