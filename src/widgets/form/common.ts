import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';

/** What every antd control of a form widget takes from rjsf's props: disabled (read-only too) and the error outline. */
export function controlState(props: WidgetProps): { disabled: boolean; status: 'error' | undefined } {
  return { disabled: Boolean(props.disabled || props.readonly), status: props.rawErrors?.length ? 'error' : undefined };
}

/** "请输入名称" / "请选择状态": the schema's own placeholder, else one from the field's label. */
export function usePlaceholder(props: WidgetProps, kind: 'input' | 'select'): string {
  const { t } = useWidgetHost();
  if (props.placeholder) return props.placeholder;
  return t(kind === 'input' ? 'formInputPlaceholder' : 'formSelectPlaceholder', { field: props.label ?? '' });
}

/** The schema's bound of a number field, if it has one. */
export const bound = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Whether the field's JSON type is integer (also when it may be null). */
export const isIntegerSchema = (type: unknown) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));
