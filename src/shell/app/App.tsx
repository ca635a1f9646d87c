import { Suspense } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { I18nProvider } from '../i18n/I18nProvider';
import { routes } from './routes';
import { useStore } from '../store';
import { lockStore } from '../auth/lock-store';
import { Loading } from '../loading/Loading';
import { NativeViewsContext } from '../../engine/native-views';
import { NATIVE_VIEWS } from './native-views';
import { configured } from '../theme/configured';

const LockScreen = configured(() => import('./LockScreenInColor'));
// A chunk of its own, fetched beside the page: no page, the login page least, waits for it.
const UpdateDialog = configured(() => import('../update/UpdateDialog'));

/**
 * The declarative router, not createBrowserRouter's data router: the console uses no loaders,
 * actions or blockers, and the data router is half of react-router's download on the login page.
 */
function AppRoutes() {
  return useRoutes(routes);
}

export function App() {
  const locked = useStore(lockStore);
  return (
    <I18nProvider>
      {locked ? (
        <Suspense fallback={<Loading />}>
          <LockScreen />
        </Suspense>
      ) : (
        <NativeViewsContext.Provider value={NATIVE_VIEWS}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </NativeViewsContext.Provider>
      )}
      <Suspense fallback={null}>
        <UpdateDialog />
      </Suspense>
    </I18nProvider>
  );
}
