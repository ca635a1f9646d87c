/**
 * The widgets a Form gets: antd's rjsf widgets for custom schemas, the console's registered form
 * widgets over them, and a placeholder for every name the uiSchema asks for that nobody registered.
 */
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Skeleton } from 'antd';
import { getDefaultRegistry } from '@rjsf/core';
import { Widgets as AntdWidgets } from '@rjsf/antd';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { formWidgets, type FormWidget } from '../../widgets/registries';
import { missingWidget } from '../../widgets/form/missing';
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

const byModel = new WeakMap<FormModel, RegistryWidgetsType>();

export function widgetsFor(model: FormModel): RegistryWidgetsType {
  let widgets = byModel.get(model);
  if (widgets) return widgets;
  widgets = { ...(AntdWidgets as RegistryWidgetsType) };
  for (const name of formWidgets.names()) widgets[name] = asRjsfWidget(formWidgets.get(name)!);
  for (const name of widgetNames(model.uiSchema)) {
    if (!(name in widgets) && !RJSF_NAMES.has(name)) widgets[name] = missingWidget(name);
  }
  byModel.set(model, widgets);
  return widgets;
}
