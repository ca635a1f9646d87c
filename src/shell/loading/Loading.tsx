import { useI18n } from '../i18n/I18nProvider';
import './loading.css';

/**
 * The fallback while a route's code or the session loads. Plain CSS rather than antd's Spin: it
 * shows before antd has loaded, on every first visit.
 */
export function Loading() {
  const { t } = useI18n();
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <span className="app-loading-dot" />
      <span className="app-loading-tip">{t('app.loading')}</span>
    </div>
  );
}
