import { ColorPicker } from 'antd';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { themeStore, updateTheme } from './theme-store';
import { defaultTheme } from './theme';

const PRESETS = [defaultTheme.color, '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#eb2f96'];

/** The primary colour, picked freely or from the presets; applied as it changes. */
export default function ColorField({ size }: { size?: 'small' | 'middle' }) {
  const { t } = useI18n();
  const { color } = useStore(themeStore);
  return (
    <ColorPicker
      size={size}
      value={color}
      disabledAlpha
      presets={[{ label: t('theme.presets'), colors: PRESETS }]}
      onChangeComplete={(value) => updateTheme({ color: value.toHexString() })}
      aria-label={t('theme.fields.color')}
    />
  );
}
