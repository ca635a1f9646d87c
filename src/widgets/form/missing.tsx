import type { ComponentType } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';

const placeholders = new Map<string, ComponentType<WidgetProps>>();

/**
 * What a form draws for a widget name nobody registered: a visible box naming it, so a screen that
 * refers to a widget of a module not loaded (or misspelt) shows where, and the rest of the form works.
 */
export function missingFormWidget(name: string): ComponentType<WidgetProps> {
  let placeholder = placeholders.get(name);
  if (!placeholder) {
    placeholder = function MissingWidget({ id }: WidgetProps) {
      const { t } = useWidgetHost();
      return (
        <div className="ef-missing" id={id} role="note">
          <WarningOutlined />
          <span>{t('formWidgetMissing', { name })}</span>
        </div>
      );
    };
    placeholders.set(name, placeholder);
  }
  return placeholder;
}
