import { dictionary } from '@zxcvbn-ts/language-common';
import { Code } from '../../src/contract/envelope';
import { ApiError } from '../http/errors';

/** zxcvbn's list is ranked by frequency: its head is the 1,000 most common passwords. */
const COMMON = new Set((dictionary['passwords-common'] as string[]).slice(0, 1000));

/** Length is the schema's job; this refuses what attackers try first. */
export function assertAcceptablePassword(password: string): void {
  if (COMMON.has(password.toLowerCase())) throw new ApiError(Code.badRequest, 'commonPassword');
}
