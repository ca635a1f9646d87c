import type { Lang } from '../../contract/resource';
import { checkScreen, type ScreenCheck } from '../../contract/screen-check';

/** Checks by screen object: swr hands the same object to a menu click's read-ahead and to every mount of it. */
const checks = new WeakMap<object, Map<Lang, ScreenCheck>>();

/**
 * The meta-schema check of a screen the server resolved, done once per object and language (the
 * problems are worded in it). The objects come from swr's cache and are never changed in place.
 */
export function checkedScreen(value: unknown, lang: Lang): ScreenCheck {
  if (typeof value !== 'object' || value === null) return checkScreen(value, lang);
  let byLang = checks.get(value);
  if (!byLang) checks.set(value, (byLang = new Map()));
  let check = byLang.get(lang);
  if (!check) byLang.set(lang, (check = checkScreen(value, lang)));
  return check;
}
