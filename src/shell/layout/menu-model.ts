import type { MenuProps } from 'antd';
import type { MenuItem } from '../../contract/api/auth';
import type { Language } from '../i18n/types';
import { menuIcon } from '../router/menu-icons';

export type AntMenuItem = Required<MenuProps>['items'][number];

export function visible(items: MenuItem[]): MenuItem[] {
  return items.filter((item) => !item.hidden);
}

/** The server's menu as antd menu items; `depth` 1 keeps only the top level (the group bars). */
export function toAntItems(items: MenuItem[], lang: Language, depth = Infinity): AntMenuItem[] {
  return visible(items).map((item) => {
    const children = depth > 1 ? toAntItems(item.children, lang, depth - 1) : [];
    return {
      key: item.path,
      icon: menuIcon(item.icon),
      label: item.title[lang],
      ...(children.length > 0 ? { children } : {}),
    };
  });
}

/** The items from the top group down to the one whose path is open; empty when it is not in the menu. */
export function menuTrail(items: MenuItem[], pathname: string): MenuItem[] {
  for (const item of items) {
    if (item.path === pathname) return [item];
    const below = menuTrail(item.children, pathname);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/** Ancestors of the open path, so its groups start expanded. */
export function openGroups(items: MenuItem[], pathname: string): string[] {
  return menuTrail(items, pathname)
    .slice(0, -1)
    .map((item) => item.path);
}

/** The top-level group the open path belongs to, else the first group. */
export function currentGroup(items: MenuItem[], pathname: string): MenuItem | undefined {
  return menuTrail(items, pathname)[0] ?? visible(items)[0];
}

/** Where choosing a group goes: the group itself when it is a page, else its first visible page. */
export function firstPage(item: MenuItem): string | undefined {
  if (item.vue_path) return item.path;
  for (const child of visible(item.children)) {
    const page = firstPage(child);
    if (page) return page;
  }
  return undefined;
}

/** Every page a user may pick from the menu, named by its trail ("商品 / 商品列表"), for the search box. */
export function searchEntries(items: MenuItem[], lang: Language, trail: string[] = []): Array<{ path: string; label: string }> {
  return visible(items).flatMap((item) => {
    const names = [...trail, item.title[lang]];
    const self = item.vue_path ? [{ path: item.path, label: names.join(' / ') }] : [];
    return [...self, ...searchEntries(item.children, lang, names)];
  });
}

/** About how wide a label draws: CJK characters are a square em, others some 0.6 em. */
export function labelWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(char) ? 1 : 0.6;
  return ems * fontSize;
}

/**
 * The width an inline menu needs to show every label whole: antd's indent per level, the icon, the
 * submenu arrow (or the item's end padding) and the item's side margins.
 */
export function menuFitWidth(items: MenuItem[], lang: Language, fontSize: number, indent: number, level = 1): number {
  return Math.max(
    0,
    ...visible(items).map((item) => {
      const group = visible(item.children).length > 0;
      const own = indent * level + (item.icon ? fontSize + 10 : 0) + labelWidth(item.title[lang], fontSize) + (group ? 34 : 16) + 8;
      return Math.max(own, menuFitWidth(item.children, lang, fontSize, indent, level + 1));
    }),
  );
}
