import { createElement, lazy, Suspense } from 'react';
import { Result } from 'antd';
import { nativeViews } from '../../engine/native-views';
import { Loading } from '../loading/Loading';
import { useI18n } from '../i18n/I18nProvider';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';

const EngineScreen = lazy(() => import('../engine/EngineScreen'));

/**
 * Draws the view of a menu item: the native view registered for its vue_path, else the screen the
 * server publishes or bundles for it, else a panel that names the vue_path it could not resolve. A
 * view that fails shows its error in its own place.
 */
export function MenuView({ vuePath }: { vuePath: string }) {
  const { t } = useI18n();
  const View = nativeViews.get(vuePath);
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<Loading />}>
        {/* The view comes from a registry, so its identity is stable across renders. */}
        {View ? (
          createElement(View)
        ) : (
          <EngineScreen vuePath={vuePath} notFound={<Result status="info" title={t('screen.notFound')} subTitle={t('screen.notFoundHint', { vuePath })} />} />
        )}
      </Suspense>
    </ScreenErrorBoundary>
  );
}
