/**
 * The engine's UI strings, by key. Their texts live in the console's catalogues under `engine`
 * (src/shell/i18n/zh.ts and en.ts); the shell's host adapter is typed so a key missing there fails
 * the type check.
 */
export const ENGINE_MESSAGE_KEYS = [
  'screenInvalid',
  'screenInvalidHint',
  'screenProblemPath',
  'screenFailed',
  'widgetMissing',
] as const;
export type EngineMessageKey = (typeof ENGINE_MESSAGE_KEYS)[number];
