import { Switch } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useWidgetHost } from '../interface/host';
import { controlState } from './common';

/** Yes / no (`boolean` fields). */
export default function SwitchWidget(props: WidgetProps) {
  const { id, value, onChange, autofocus } = props;
  const { t } = useWidgetHost();
  const { disabled } = controlState(props);
  return (
    <div>
      <Switch
        id={id}
        checked={value === true}
        disabled={disabled}
        autoFocus={autofocus}
        checkedChildren={t('formYes')}
        unCheckedChildren={t('formNo')}
        onChange={(checked) => onChange(checked)}
      />
    </div>
  );
}
