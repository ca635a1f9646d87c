import { createElement, Suspense } from 'react';
import { Result } from 'antd';
import { nativeViews } from '../../engine/native-views';
import { Loading } from '../app/Loading';
import { useI18n } from '../i18n/I18nProvider';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';

/**
 * Draws the view of a menu item: the native view registered for its vue_path, else a panel that
 * names the vue_path it could not resolve. A view that fails shows its error in its own place.
 */
export function MenuView({ vuePath }: { vuePath: string }) {
  const { t } = useI18n();
  const View = nativeViews.get(vuePath);
  if (!View) {
    return (
      <Result status="info" title={t('screen.notFound')} subTitle={t('screen.notFoundHint', { vuePath })} />
    );
  }
  return (
    <ScreenErrorBoundary>
      {/* The view comes from a registry, so its identity is stable across renders. */}
      <Suspense fallback={<Loading />}>{createElement(View)}</Suspense>
    </ScreenErrorBoundary>
  );
}
