/**
 * The console's registry, listed in one place: every renderer, form widget, cell, action and block
 * a screen can name, built-in and bespoke (each business area's widgets beside the built-in ones).
 * The shell hands it to the engine (EngineProvider); the engine names widgets only by these names.
 * Heavy parts load when first drawn: the renderers, the form widgets (with the form renderer), the
 * designer's blocks. Native views by vue_path are the shell's (src/shell/app/native-views.ts, handed
 * down by context), which must know them before any engine code has loaded.
 */
import { lazy } from 'react';
import { preloadable, type EngineRegistry } from './engine/registry';
import { BUILTIN_CELLS } from './widgets/cells';
import { CopyButton } from './widgets/cells/copyable';
import { GOODS_CELLS } from './widgets/goods';
import { QUOTING_ACTIONS, QUOTING_BLOCKS } from './widgets/quoting';
import { DASHBOARD_BLOCKS } from './widgets/dashboard';
import { FILES_BLOCKS } from './widgets/files';
import { extendRegistry, lazyWidgets } from './widgets/interface/registry';
import { missingWidget } from './widgets/MissingWidget';

const formWidgets = lazyWidgets(() => import('./widgets/form').then((module) => module.FORM_WIDGETS));

const builtin: EngineRegistry = {
  renderers: {
    list: preloadable(() => import('./engine/list/ListRenderer')),
    // The form widgets download beside the form renderer, so a form draws once, with its widgets.
    form: preloadable(async () => (await Promise.all([import('./engine/form/FormRenderer'), formWidgets.load()]))[0]),
    detail: preloadable(() => import('./engine/detail/DetailRenderer')),
  },
  formWidgets,
  cells: BUILTIN_CELLS,
  actions: {},
  blocks: {
    // The designer's menu editor and role grant editor, so a screen can place them (setting/menu, setting/role).
    menuTree: lazy(() => import('./shell/designer/MenuTreeEditor')),
    roleGrants: lazy(() => import('./shell/designer/RoleGrantsEditor')),
  },
  missing: missingWidget,
  CopyButton,
};

/** The business areas' bespoke widgets (src/widgets/<area>/): a name taken twice is an error. */
export const appRegistry: EngineRegistry = extendRegistry(builtin, {
  cells: GOODS_CELLS,
  actions: {
    ...QUOTING_ACTIONS,
    // Reconciliation: 标记已说明 on the platform order screens.
    reconExplain: lazy(() => import('./widgets/reconciliation/ExplainAction')),
  },
  blocks: {
    lowStock: lazy(() => import('./widgets/goods/LowStockBlock')),
    // 商品统计 (goods/statistics): the team's goods, comments and trades for a period.
    goodsStatistics: lazy(() => import('./widgets/goods/StatisticsBlock')),
    // 收银台 (goods/cashier): the counter screen that sells the team's goods to a walk-in customer.
    goodsCashier: lazy(() => import('./widgets/goods/CashierBlock')),
    // 海报设计 (goods/poster): the team's promotion posters and their designer.
    goodsPoster: lazy(() => import('./widgets/goods/PosterBlock')),
    // 商品管理 (goods/management): the workbench that changes many of the team's goods at once.
    goodsManagement: lazy(() => import('./widgets/goods/ManagementBlock')),
    ...QUOTING_BLOCKS,
    // 首页, 工作台 and 数据大屏 (dashboard/index, dashboard/workbench, dashboard/screen).
    ...DASHBOARD_BLOCKS,
    // 文件管理 (goods/explorer): the team's files in folders.
    ...FILES_BLOCKS,
    // Reconciliation: platform files in (bill/core/ImportSend), the summary per shop × month (bill/summary).
    reconImport: lazy(() => import('./widgets/reconciliation/ImportBlock')),
    reconSummary: lazy(() => import('./widgets/reconciliation/SummaryBlock')),
  },
});
