/**
 * Demo posters of 海报设计 for the shop teams that sell: a promotion poster, a square main picture
 * and a store banner each, made from the templates the designer offers around three of the team's
 * goods on sale, saved by its sellers over the last days.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { templateDoc, type PosterTemplate, type TemplateWords } from '../../../src/contract/api/poster-templates';

const HOUR = 3_600_000;

export interface PosterSeed {
  now: number;
  teams: Array<{ team_id: number; sellers: number[] }>;
}

const POSTERS: Array<{ template: PosterTemplate; name: (goods: string) => string; words: Omit<TemplateWords, 'link'> }> = [
  { template: 'promo', name: (goods) => `${goods} 朋友圈促销`, words: { headline: '限时特惠', tagline: '今日下单 · 顺丰包邮 · 七天无理由', priceLabel: '到手价', scan: '长按识别 · 扫码下单' } },
  { template: 'square', name: (goods) => `${goods} 方形主图`, words: { headline: '新品', tagline: '品质好物 · 店长推荐', priceLabel: '活动价', scan: '扫码下单' } },
  { template: 'banner', name: () => '店铺首页横幅 · 双十二预热', words: { headline: '双十二 狂欢预热', tagline: '全场满 199 减 30 · 叠加店铺券', priceLabel: '爆款价', scan: '扫码进店' } },
];

export async function seedPosters(trx: Transaction<Database>, seed: PosterSeed): Promise<void> {
  const names = new Map((await trx.selectFrom('users').select(['id', 'name']).execute()).map((user) => [user.id, user.name]));
  for (const [teamIndex, team] of seed.teams.entries()) {
    // Goods with a picture, dearest first: what a shop would put on a poster.
    const goods = await trx
      .selectFrom('goods')
      .select(['id', 'name', 'price_fen', 'image'])
      .where('team_id', '=', team.team_id)
      .where('status', '=', 'on_sale')
      .where('image', '!=', '')
      .orderBy('price_fen', 'desc')
      .orderBy('id')
      .limit(12)
      .execute();
    if (goods.length === 0 || team.sellers.length === 0) continue;
    for (const [index, poster] of POSTERS.entries()) {
      // Spread over the dearest dozen, each team from another start, so two shops' posters differ.
      const item = goods[(index * 4 + teamIndex * 3) % goods.length];
      const picked = { id: item.id, name: item.name, price_fen: Number(item.price_fen), image: item.image || null };
      const doc = templateDoc(poster.template, picked, { ...poster.words, link: `/goods/list?id=${item.id}` });
      const author = team.sellers[index % team.sellers.length];
      const at = seed.now - (index * 26 + 3) * HOUR;
      await trx
        .insertInto('goods_posters')
        .values({
          team_id: team.team_id,
          name: poster.name(item.name).slice(0, 60),
          width: doc.width,
          height: doc.height,
          doc: JSON.stringify(doc),
          version: 1 + index,
          created_by: author,
          updated_by: author,
          updated_by_name: names.get(author) ?? '',
          created_at: at - 2 * HOUR,
          updated_at: at,
        })
        .execute();
    }
  }
}
