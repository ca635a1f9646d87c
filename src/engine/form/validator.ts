/**
 * rjsf's ajv validator per language. Chinese messages come from ajv-i18n's zh localizer, as the
 * server's (server/http/envelope.ts), so the form and the server refuse with the same words. One
 * validator per language for the whole console: ajv's cache of compiled schemas lives in it.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import localizeZh from 'ajv-i18n/localize/zh';
import type { Lang } from '../../contract/resource';

const validators = new Map<Lang, ReturnType<typeof customizeValidator>>();

export function validatorFor(lang: Lang) {
  let validator = validators.get(lang);
  // English is ajv's own language: no localizer, as on the server.
  if (!validator) validators.set(lang, (validator = customizeValidator({}, lang === 'zh' ? localizeZh : undefined)));
  return validator;
}
