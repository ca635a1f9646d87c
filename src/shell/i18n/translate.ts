import { zh } from './zh';
import { en } from './en';
import type { Language, MessageKey, Messages } from './types';

const catalogues: Record<Language, Messages> = { zh, en };

/** The string for a key in a language, with {name} placeholders filled. */
export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  let node: unknown = catalogues[lang];
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return (node as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'zh', label: '简体中文' },
  { value: 'en', label: 'English' },
];
