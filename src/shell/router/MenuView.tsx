import { createElement, lazy, Suspense } from 'react';
import { nativeViewOf, useNativeViews } from '../../engine/native-views';
import { Loading } from '../loading/Loading';
import { ScreenErrorBoundary } from '../errors/ScreenErrorBoundary';
import { ScreenMissing } from './ScreenMissing';

const EngineScreen = lazy(() => import('../engine/EngineScreen'));

/**
 * Draws the view of a menu item: the native view listed for its vue_path (handed down by context), else the screen the
 * server publishes or bundles for it, else a panel that names the vue_path it could not resolve. A
 * view that fails shows its error in its own place.
 */
export function MenuView({ vuePath }: { vuePath: string }) {
  const View = nativeViewOf(useNativeViews(), vuePath);
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<Loading />}>
        {/* The view comes from the app's list, so its identity is stable across renders. */}
        {View ? (
          createElement(View)
        ) : (
          <EngineScreen vuePath={vuePath} notFound={<ScreenMissing vuePath={vuePath} />} />
        )}
      </Suspense>
    </ScreenErrorBoundary>
  );
}
