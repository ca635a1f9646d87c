import { templateDoc } from '../../src/contract/api/poster-templates';
import type { PosterDoc } from '../../src/contract/api/posters';

const WORDS = { headline: '限时特惠', tagline: '今日下单包邮', priceLabel: '到手价', scan: '扫码下单', link: '/goods/list?id=1' };

/** A poster as 海报设计 makes one from its promotion template for a demo goods: a fresh copy each call. */
export const samplePosterDoc = (): PosterDoc => templateDoc('promo', { id: 1, name: '测试商品', price_fen: 12_900, image: '/demo/goods/tea.svg' }, WORDS);
