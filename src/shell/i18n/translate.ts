import { zhSignedOut } from './zh-signed-out';
import type { Language, MessageKey, Messages } from './types';

/**
 * Only the signed-out pages' Chinese strings are bundled with the first page. A language's whole
 * catalogue downloads before the first page outside them is drawn (withStrings), or when the
 * language is chosen (or was chosen last time): no other page waits on strings it cannot show.
 */
const catalogues: Partial<Record<Language, Messages>> = {};

export async function loadCatalogue(lang: Language): Promise<void> {
  catalogues[lang] ??= lang === 'zh' ? (await import('./zh')).zh : (await import('./en')).en;
}

/** The string for a key in a language, with {name} placeholders filled. */
export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  // Only while a chosen language's catalogue is still on its way does Chinese stand in.
  let node: unknown = catalogues[lang] ?? catalogues.zh ?? zhSignedOut;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`"${key}" is not among the strings loaded: its page must load them first (withStrings)`);
  return node.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'zh', label: '简体中文' },
  { value: 'en', label: 'English' },
];
