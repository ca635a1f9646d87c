/** 工作台's quick entries: the everyday screens of a seller or a quoter, those the user's own menu holds. */
import type { MenuItem } from '../../src/contract/api/auth';

/** In the order they are shown: asking, quoting, reconciliation, goods. */
const EVERYDAY = [
  '/common/info/question',
  '/askprice/find/ordinary',
  '/askprice/core/handle',
  '/askprice/quote/spot',
  '/askprice/quote/transfer',
  '/bill/core/douyin',
  '/bill/summary',
  '/goods/list',
];

const leavesOf = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => (item.children.length > 0 ? leavesOf(item.children) : [item]));

export function quickEntries(menu: MenuItem[]): Array<{ path: string; title: { zh: string; en: string } }> {
  const held = new Map(leavesOf(menu).map((item) => [item.path, item]));
  return EVERYDAY.flatMap((path) => {
    const item = held.get(path);
    return item ? [{ path, title: item.title }] : [];
  });
}
