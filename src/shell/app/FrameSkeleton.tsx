import { useI18n } from '../i18n/I18nProvider';
import { useStore } from '../store';
import { colorMode } from '../theme/theme';
import { themeStore } from '../theme/theme-store';

/**
 * The console's frame as grey shapes while the session and the frame's code load: the same shape
 * index.html draws before any script, so the first paint, this and the console follow on without a
 * flash. Its sheet, loading/frame-skeleton.css, is linked by index.html and so is there before this
 * draws. It lives with the app, not in loading/: it reads the theme, which the routes' own loaders
 * must not (the theme's folder reaches the router through the tabs).
 */
export function FrameSkeleton() {
  const { t } = useI18n();
  const mode = colorMode(useStore(themeStore));
  return (
    <div className="boot-frame" data-mode={mode} role="status" aria-label={t('app.loading')}>
      <div className="boot-header" />
      <div className="boot-sider" />
      <div className="boot-main" />
    </div>
  );
}
