import type { DashboardMessageKey } from './dashboard-messages';
import type { ReconMessageKey } from './recon-messages';

/**
 * The strings widgets draw, by key. Their texts are the engine's (the `engine` and `engineForm`
 * groups of the console's catalogues): the engine hands its typed `t` to widgets as theirs, so a key
 * here that the engine does not know fails the type check (src/engine/provider.tsx).
 */
import type { QuotingMessageKey } from './quoting-messages';
import type { GoodsMessageKey } from './goods-messages';

export type WidgetMessageKey =
  | QuotingMessageKey
  | 'yes'
  | 'no'
  | 'copy'
  | 'copied'
  | 'empty'
  | 'loadFailed'
  | 'retry'
  | 'refresh'
  | 'total'
  | 'totalAtLeast'
  | 'rowsCount'
  | 'stockOut'
  | 'stockLow'
  | 'stockEnough'
  | 'widgetMissing'
  | 'widgetKindForm'
  | 'widgetKindCell'
  | 'widgetKindAction'
  | 'widgetKindBlock'
  | 'formYes'
  | 'formNo'
  | 'formInputPlaceholder'
  | 'formSelectPlaceholder'
  | 'formParentFirst'
  | 'formWidgetMissing'
  | 'formUploadImage'
  | 'formUploadFile'
  | 'formUploadHint'
  | 'formUploadSizeHint'
  | 'formUploadFailed'
  | 'formUploadType'
  | 'formUploadTooLarge'
  | 'formRtBold'
  | 'formRtItalic'
  | 'formRtUnderline'
  | 'formRtStrike'
  | 'formRtHeading'
  | 'formRtBulletList'
  | 'formRtOrderedList'
  | 'formRtQuote'
  | 'formRtClear'
  | 'formRtUndo'
  | 'formRtRedo'
  | ReconMessageKey
  | DashboardMessageKey
  | GoodsMessageKey;
