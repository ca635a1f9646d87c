import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { themeStore, updateTheme } from './theme-store';
import { defaultTheme } from './theme';
import './color-field.css';

const PRESETS = [defaultTheme.color, '#1677ff', '#13c2c2', '#52c41a', '#fa8c16', '#f5222d', '#722ed1', '#eb2f96'];

/**
 * The primary colour: preset swatches and the browser's own colour picker. Not antd's ColorPicker:
 * antd's Button shares a module with it, so using it anywhere would put the picker (and the Collapse
 * it needs) on the login page's download.
 */
export default function ColorField({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useI18n();
  const { color } = useStore(themeStore);
  return (
    <span className={`color-field color-field-${size}`} role="group" aria-label={t('theme.fields.color')}>
      {PRESETS.map((preset) => (
        <button
          key={preset}
          type="button"
          className="color-field-swatch"
          style={{ background: preset }}
          aria-label={preset}
          aria-pressed={preset.toLowerCase() === color.toLowerCase()}
          title={`${t('theme.presets')} ${preset}`}
          onClick={() => updateTheme({ color: preset })}
        />
      ))}
      <input
        type="color"
        className="color-field-input"
        value={color}
        aria-label={t('theme.fields.color')}
        onChange={(event) => updateTheme({ color: event.target.value })}
      />
    </span>
  );
}
