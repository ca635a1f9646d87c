import { describe, expect, it, vi } from 'vitest';
import { zh } from '../../../src/shell/i18n/zh';
import { en } from '../../../src/shell/i18n/en';
import { translate } from '../../../src/shell/i18n/translate';

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix + key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value as object, `${path}.`)) out.set(k, v);
  }
  return out;
}

describe('translations', () => {
  const zhKeys = leaves(zh);
  const enKeys = leaves(en);

  it('has every Chinese key in English and nothing more', () => {
    expect([...enKeys.keys()].sort()).toEqual([...zhKeys.keys()].sort());
  });

  it('leaves no string empty and keeps the same placeholders', () => {
    for (const [key, text] of zhKeys) {
      const english = enKeys.get(key)!;
      expect(text.trim(), key).not.toBe('');
      expect(english.trim(), key).not.toBe('');
      const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(holes(english), key).toEqual(holes(text));
    }
  });

  it('fills placeholders', () => {
    expect(translate('zh', 'screen.notBuiltHint', { vuePath: 'goods/list' })).toContain('goods/list');
    expect(translate('en', 'login.welcome', { title: 'X' })).toBe('Welcome to X');
  });

  it('draws the signed-out pages from the bundled strings, and loads the rest before any other page', async () => {
    vi.resetModules();
    // A fresh copy of the module, as a first visit finds it: no catalogue loaded yet.
    const fresh = await import('../../../src/shell/i18n/translate');
    expect(fresh.translate('zh', 'login.submit')).toBe('登录');
    expect(() => fresh.translate('zh', 'tabs.label')).toThrow('"tabs.label" is not among the strings loaded');
    await fresh.loadCatalogue('zh');
    expect(fresh.translate('zh', 'tabs.label')).toBe('已打开的页面');
  });
});
