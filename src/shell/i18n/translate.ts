import { zh } from './zh';
import type { Language, MessageKey, Messages } from './types';

/**
 * Chinese is bundled; English downloads when it is chosen (or was chosen last time), which keeps
 * it off the first page's budget for the default language.
 */
const catalogues: Partial<Record<Language, Messages>> = { zh };

export async function loadCatalogue(lang: Language): Promise<void> {
  if (!catalogues[lang]) catalogues[lang] = (await import('./en')).en;
}

/** The string for a key in a language, with {name} placeholders filled. */
export function translate(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  // Only while a chosen language's catalogue is still on its way does Chinese stand in.
  let node: unknown = catalogues[lang] ?? zh;
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return (node as string).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
}

export const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'zh', label: '简体中文' },
  { value: 'en', label: 'English' },
];
