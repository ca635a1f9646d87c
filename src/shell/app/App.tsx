import { lazy, Suspense, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { I18nProvider } from '../i18n/I18nProvider';
import { ThemeTokens } from '../theme/ThemeTokens';
import { ColorMode } from '../theme/ColorMode';
import { routes } from './routes';
import { useStore } from '../store';
import { lockStore } from '../auth/lock-store';
import { Loading } from '../loading/Loading';
import { KeptStyles } from './KeptStyles';
import { NativeViewsContext } from '../../engine/native-views';
import { NATIVE_VIEWS } from './native-views';

const LockScreen = lazy(() => import('../auth/LockScreen'));
// A chunk of its own, fetched beside the page: no page, the login page least, waits for it.
const UpdateDialog = lazy(() => import('../update/UpdateDialog'));

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  const locked = useStore(lockStore);
  return (
    <KeptStyles>
      <I18nProvider>
        <ThemeTokens>
          {locked ? (
            <ColorMode>
              <Suspense fallback={<Loading />}>
                <LockScreen />
              </Suspense>
            </ColorMode>
          ) : (
            <NativeViewsContext.Provider value={NATIVE_VIEWS}>
              <RouterProvider router={router} />
            </NativeViewsContext.Provider>
          )}
          <Suspense fallback={null}>
            <UpdateDialog />
          </Suspense>
        </ThemeTokens>
      </I18nProvider>
    </KeptStyles>
  );
}
