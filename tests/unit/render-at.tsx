import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { I18nProvider } from '../../src/shell/i18n/I18nProvider';

/**
 * Renders routes at one entry the way the console wraps them (language, antd's App for messages
 * and notifications) and returns the router, whose state tells where the user ended up.
 */
export function renderAt(routes: RouteObject[], entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <I18nProvider>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </I18nProvider>,
  );
  return router;
}
