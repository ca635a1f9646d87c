/**
 * The dashboard's bespoke widgets, by the names its screens use (src/app-registry.ts lists them):
 * 首页's figures (dashboard/index), 工作台's to-do list (dashboard/workbench) and 数据大屏's wall display (dashboard/screen). Each downloads when first drawn.
 */
import { lazy } from 'react';
import type { BlockWidget, WidgetMap } from '../interface/registry';

export const DASHBOARD_BLOCKS = {
  dashboardOverview: lazy(() => import('./OverviewBlock')),
  dashboardWorkbench: lazy(() => import('./WorkbenchBlock')),
  dashboardScreen: lazy(() => import('./DataScreenBlock')),
} as const satisfies WidgetMap<BlockWidget>;
