/**
 * The engine's UI strings, by key. Their texts live in the console's catalogues under `engine`
 * (src/shell/i18n/zh.ts and en.ts); the shell's host adapter is typed so a key missing there fails
 * the type check.
 */
import { ENGINE_FORM_MESSAGE_KEYS, type EngineFormMessageKey } from './form/messages';

export const ENGINE_MESSAGE_KEYS = [
  'screenInvalid',
  'screenInvalidHint',
  'screenProblemPath',
  'screenFailed',
  'widgetMissing',
] as const;
/** Every key the host's `t` takes: the engine core's and the form/detail renderers' (group `engineForm`). */
export type EngineMessageKey = (typeof ENGINE_MESSAGE_KEYS)[number] | EngineFormMessageKey;

const FORM_KEYS: ReadonlySet<string> = new Set(ENGINE_FORM_MESSAGE_KEYS);

/** Where a key lives in the console's catalogues, for the host adapter: `t(engineMessagePath(key), params)`. */
export function engineMessagePath(key: EngineMessageKey): `engine.${(typeof ENGINE_MESSAGE_KEYS)[number]}` | `engineForm.${EngineFormMessageKey}` {
  return FORM_KEYS.has(key) ? `engineForm.${key as EngineFormMessageKey}` : `engine.${key as (typeof ENGINE_MESSAGE_KEYS)[number]}`;
}
