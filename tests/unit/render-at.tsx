import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { App as AntApp } from 'antd';
import { I18nProvider } from '../../src/shell/i18n/I18nProvider';
import AntdConfig from '../../src/shell/theme/AntdConfig';
import { NativeViewsContext, type NativeViews } from '../../src/engine/native-views';

/**
 * Renders routes at one entry the way the console wraps them (language, antd's configuration,
 * antd's App for messages and notifications), with the native views a test lists (none unless given), and returns the
 * router, whose state tells where the user ended up.
 */
export function renderAt(routes: RouteObject[], entry: string, views: NativeViews = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(
    <I18nProvider>
      <AntdConfig>
        <NativeViewsContext.Provider value={views}>
          <AntApp>
            <RouterProvider router={router} />
          </AntApp>
        </NativeViewsContext.Provider>
      </AntdConfig>
    </I18nProvider>,
  );
  return router;
}
