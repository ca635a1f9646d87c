import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { I18nProvider } from '../i18n/I18nProvider';
import { routes } from '../router/routes';

export function App() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return (
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
