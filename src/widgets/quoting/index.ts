/**
 * Quoting's bespoke widgets, by the names its screens use (src/app-registry.ts lists them): the ask
 * page (main/handlefind), the rule editor (askprice/core/auto), the composer on the board's and the
 * queue's rows, and the live mark of its lists. Each downloads when first drawn.
 */
import { lazy } from 'react';
import type { ActionWidget, BlockWidget, WidgetMap } from '../interface/registry';

export const QUOTING_BLOCKS = {
  quotingAskPage: lazy(() => import('./AskPage')),
  quotingRuleEditor: lazy(() => import('./RuleEditor')),
} as const satisfies WidgetMap<BlockWidget>;

export const QUOTING_ACTIONS = {
  quotingCompose: lazy(() => import('./ComposeAction')),
  quotingLive: lazy(() => import('./LiveAction')),
} as const satisfies WidgetMap<ActionWidget>;
