import { useEngineHost } from '../engine/host';

export type WidgetKind = 'form' | 'cell' | 'action' | 'block';

const KIND_KEY = { form: 'widgetKindForm', cell: 'widgetKindCell', action: 'widgetKindAction', block: 'widgetKindBlock' } as const;

/**
 * What stands where a screen names a widget nobody registered: visible, and naming the widget, so
 * the admin or developer sees at once what is missing instead of an empty cell or a blank page.
 */
export function MissingWidget({ kind, name }: { kind: WidgetKind; name: string }) {
  const { t } = useEngineHost();
  return (
    <span
      role="note"
      className="widget-missing"
      style={{ display: 'inline-block', padding: '0 6px', border: '1px dashed #ff4d4f', borderRadius: 4, color: '#cf1322', fontSize: 12, lineHeight: '20px', whiteSpace: 'nowrap' }}
    >
      {t('widgetMissing', { kind: t(KIND_KEY[kind]), name })}
    </span>
  );
}
