/**
 * The widgets a Form gets: antd's rjsf widgets for custom schemas, the console's registered form
 * widgets over them, and a placeholder for every name the uiSchema asks for that nobody registered.
 */
import { Suspense, use, type ComponentType, type LazyExoticComponent } from 'react';
import { Skeleton } from 'antd';
import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as AntdWidgets } from '@rjsf/antd';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import type { FormWidget, WidgetMap, WidgetRegistry } from '../../widgets/interface/registry';
import type { FormModel } from './schema';
import { widgetNames } from './schema';

/** Names rjsf resolves by itself (its widget aliases per schema type and its registry's keys). */
const RJSF_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(getDefaultRegistry().widgets),
  ...['text', 'password', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'data-url', 'radio', 'select', 'textarea', 'hidden'],
  ...['date', 'datetime', 'date-time', 'alt-date', 'alt-datetime', 'time', 'color', 'file', 'files', 'checkbox', 'checkboxes', 'updown', 'range'],
]);

const wrapped = new WeakMap<object, ComponentType<WidgetProps>>();

/** rjsf takes only plain components: a lazy widget is drawn inside its own Suspense. */
function asRjsfWidget(widget: FormWidget): ComponentType<WidgetProps> {
  if (typeof widget === 'function') return widget;
  let component = wrapped.get(widget);
  if (!component) {
    const Lazy = widget as LazyExoticComponent<ComponentType<WidgetProps>>;
    component = function LazyWidget(props: WidgetProps) {
      return (
        <Suspense fallback={<Skeleton.Input active block />}>
          <Lazy {...props} />
        </Suspense>
      );
    };
    wrapped.set(widget, component);
  }
  return component;
}

const byModel = new WeakMap<FormModel, { from: WidgetMap<FormWidget>; widgets: RegistryWidgetsType }>();

/** The rjsf widgets of a form, from the registry's form widgets (loaded by the time a form draws). */
export function widgetsFor(model: FormModel, formWidgets: WidgetMap<FormWidget>, registry: WidgetRegistry): RegistryWidgetsType {
  const known = byModel.get(model);
  if (known?.from === formWidgets) return known.widgets;
  const widgets = { ...(AntdWidgets as RegistryWidgetsType) };
  for (const [name, widget] of Object.entries(formWidgets)) widgets[name] = asRjsfWidget(widget);
  for (const name of widgetNames(model.uiSchema)) {
    if (!(name in widgets) && !RJSF_NAMES.has(name)) widgets[name] = registry.missing('form', name) as ComponentType<WidgetProps>;
  }
  byModel.set(model, { from: formWidgets, widgets });
  return widgets;
}

/** The registry's form widgets: drawn once they are in (the app's registry loads them with the form renderer). */
export function useFormWidgets(registry: WidgetRegistry): WidgetMap<FormWidget> {
  return registry.formWidgets.loaded() ?? use(registry.formWidgets.load());
}
