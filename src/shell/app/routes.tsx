import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Loading } from '../loading/Loading';
import { FrameSkeleton } from './FrameSkeleton';
import { RedirectRoute } from '../router/RedirectRoute';
import { RequireSession } from '../auth/RequireSession';
import { getToken } from '../request/token';
import { configured } from '../theme/configured';
import { PrefetchConsole } from './PrefetchConsole';

// Route-level splitting: the login page never downloads the console frame, and neither downloads
// the screens' table, form or chart code.
const LoginPage = lazy(() => import('../auth/LoginPage'));
const RegisterPage = lazy(() => import('../auth/RegisterPage'));
const ForgotPasswordPage = lazy(() => import('../auth/ForgotPasswordPage'));
const PortalPage = configured(() => import('../public/PortalPage'));
const ProductPage = configured(() => import('../public/ProductPage'));
const SharePage = configured(() => import('../share/SharePage'));
const QrConfirmView = lazy(() => import('../account/QrConfirmView'));
const ConsoleLayout = configured(() => import('../layout/ConsoleLayout'));
const ErrorPage = configured(() => import('../errors/ErrorPage'));
const KeepAliveOutlet = lazy(() => import('../tabs/KeepAliveOutlet'));

const suspended = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;

/** A signed-in user who opens /login goes home instead (spec §2). */
function GuestOnly({ children }: { children: ReactNode }) {
  return getToken() ? <Navigate to="/" replace /> : <>{children}</>;
}

export const routes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <PrefetchConsole />
      </>
    ),
    children: [
      // The signed-out pages draw their own controls (shell/controls): no antd, and no antd configuration.
      { path: '/login', element: <GuestOnly>{suspended(<LoginPage />)}</GuestOnly> },
      { path: '/register', element: <GuestOnly>{suspended(<RegisterPage />)}</GuestOnly> },
      { path: '/password', element: <GuestOnly>{suspended(<ForgotPasswordPage />)}</GuestOnly> },
      { path: '/redirect', element: <RedirectRoute /> },
      { path: '/portal', element: suspended(<PortalPage />) },
      { path: '/product', element: suspended(<ProductPage />) },
      { path: '/share', element: suspended(<SharePage />) },
      { path: '/500', element: suspended(<ErrorPage status="500" />) },
      { path: '/503', element: suspended(<ErrorPage status="503" />) },
      {
        path: '/',
        element: (
          // The frame's shape, as index.html drew it before any script, until the console comes in its place.
          <RequireSession loading={<FrameSkeleton />}>
            <Suspense fallback={<FrameSkeleton />}>
              <ConsoleLayout />
            </Suspense>
          </RequireSession>
        ),
        children: [
          { path: '/qr/confirm', element: suspended(<QrConfirmView />) },
          // Every other path, /403 and /404 included: told inside the frame, the open tabs kept.
          { path: '*', element: suspended(<KeepAliveOutlet />) },
          { index: true, element: suspended(<KeepAliveOutlet />) },
        ],
      },
    ],
  },
];
