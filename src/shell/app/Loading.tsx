import { settings } from '../../contract/settings';
import './loading.css';

/**
 * The fallback while a route's code or the session loads. Plain CSS rather than antd's Spin: it
 * shows before antd has loaded, on every first visit.
 */
export function Loading({ tip = settings.loadingText }: { tip?: string }) {
  return (
    <div className="app-loading" role="status" aria-live="polite">
      <span className="app-loading-dot" />
      <span className="app-loading-tip">{tip}</span>
    </div>
  );
}
