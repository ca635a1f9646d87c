import { act, configure } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { http, HttpResponse } from 'msw';
import { mockServer } from '../setup';
import { renderAt } from '../render-at';
import { MenuView } from '../../../src/shell/router/MenuView';
import { sessionStore } from '../../../src/shell/auth/session';
import type { Screen } from '../../../src/contract/screen';
import type { ListQuery, ResourceDefinition, ResourceRecord } from '../../../src/contract/resource';
import type { NativeViews } from '../../../src/engine/native-views';

// The engine and its renderers load lazily, and antd is heavy under jsdom: a screen's first draw can
// take seconds on a busy machine.
configure({ asyncUtilTimeout: 8000 });

/** The envelope the server answers with. */
export const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'ok', data });

/** Signs a user in the way index-init would: an admin, or a seller holding `permission`. */
export function signIn({ admin = false, permission = [] as string[], id = 7 } = {}) {
  sessionStore.set({
    user_info: { id, name: admin ? 'admin' : 'seller', logo: '/avatar.svg' },
    role: admin ? ['admin'] : ['seller'],
    role_type: [],
    permission,
    team: { id: 3, name: 'buyers', type: 1 },
    menu: [],
  });
}

/**
 * Opens a menu item's view as the console does (MenuView, the shell's host adapter, the lazy
 * engine), at `entry`, with a fresh swr cache so tests never see each other's answers, and the
 * native views the test lists.
 */
export function openScreen(vuePath: string, entry = '/page', views: NativeViews = {}) {
  return renderAt(
    [
      {
        path: '*',
        element: (
          <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
            <MenuView vuePath={vuePath} />
          </SWRConfig>
        ),
      },
    ],
    entry,
    views,
  );
}

/** The server's answer to /api/screens/resolve for `vuePath`. */
export function serveScreen(vuePath: string, screen: Screen | (() => Screen), source: 'published' | 'bundled' = 'published') {
  mockServer.use(
    http.post('*/api/screens/resolve', async ({ request }) => {
      const body = (await request.json()) as { vue_path: string };
      if (body.vue_path !== vuePath) return ok(null);
      return ok({ source, screen: typeof screen === 'function' ? screen() : screen });
    }),
  );
}

/** A resource's definition and list over `rows`; every list body the console sends is kept in `queries`. */
export function serveResource(definition: ResourceDefinition, rows: ResourceRecord[], answer?: (query: ListQuery) => ResourceRecord[]) {
  const queries: ListQuery[] = [];
  mockServer.use(
    http.get(`*/api/resources/${definition.name}/definition`, () => ok(definition)),
    http.post(`*/api/resources/${definition.name}/list`, async ({ request }) => {
      const query = (await request.json()) as ListQuery;
      queries.push(query);
      const found = answer ? answer(query) : rows;
      return ok({ rows: found, total: found.length, page: query.page ?? 1, pageSize: query.pageSize ?? 20 });
    }),
  );
  return queries;
}

/**
 * jsdom lays nothing out; the table's virtualiser needs a viewport to put rows in. Gives every
 * element a size for the test file that calls this.
 */
export function giveElementsASize() {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * A window `width` px wide for the media queries (setup's stub matches none), that can be resized;
 * answers the resize and a restore of the stub.
 */
export function windowOfWidth(width: number) {
  const stub = window.matchMedia;
  const listeners = new Map<(event: { matches: boolean; media: string }) => void, string>();
  const fits = (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  window.matchMedia = (query: string) =>
    ({
      media: query,
      get matches() {
        return fits(query);
      },
      addEventListener: (_: string, listener: (event: { matches: boolean; media: string }) => void) => listeners.set(listener, query),
      removeEventListener: (_: string, listener: (event: { matches: boolean; media: string }) => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    resize(next: number) {
      width = next;
      act(() => listeners.forEach((query, listener) => listener({ matches: fits(query), media: query })));
    },
    restore() {
      window.matchMedia = stub;
    },
  };
}
