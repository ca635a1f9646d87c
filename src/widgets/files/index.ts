/**
 * 文件管理's widget, by the name its screen uses (src/app-registry.ts lists it): the team's files
 * in folders (goods/explorer). It downloads when first drawn.
 */
import { lazy } from 'react';
import type { BlockWidget, WidgetMap } from '../interface/registry';

export const FILES_BLOCKS = {
  goodsExplorer: lazy(() => import('./ExplorerBlock')),
} as const satisfies WidgetMap<BlockWidget>;
