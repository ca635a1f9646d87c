import type { ComponentType } from 'react';
import { useWidgetHost } from './interface/host';
import type { WidgetKind } from './interface/registry';
import { missingFormWidget } from './form/missing';

const KIND_KEY = { form: 'widgetKindForm', cell: 'widgetKindCell', action: 'widgetKindAction', block: 'widgetKindBlock' } as const;

/**
 * What stands where a screen names a widget nobody registered: visible, and naming the widget, so
 * the admin or developer sees at once what is missing instead of an empty cell or a blank page.
 */
export function MissingWidget({ kind, name }: { kind: WidgetKind; name: string }) {
  const { t } = useWidgetHost();
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

const placeholders = new Map<string, ComponentType<object>>();

/** The registry's `missing`: one placeholder component per kind and name, so a redraw keeps it. */
export function missingWidget(kind: WidgetKind, name: string): ComponentType<object> {
  if (kind === 'form') return missingFormWidget(name) as ComponentType<object>;
  const key = `${kind}:${name}`;
  let placeholder = placeholders.get(key);
  if (!placeholder) {
    placeholder = function Missing() {
      return <MissingWidget kind={kind} name={name} />;
    };
    placeholders.set(key, placeholder);
  }
  return placeholder;
}
