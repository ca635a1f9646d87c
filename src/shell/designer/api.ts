/** The designer's calls, in one place: screens, resource definitions, menus and roles. */
import type { ResourceDefinition } from '../../contract/resource';
import type { Screen, ScreenProblem } from '../../contract/screen';
import type { MenuBindBody, MenuBinding, ScreenDetail, ScreenVersion } from '../../contract/api/screens';
import { createDataProvider } from '../../engine/data-provider';
import { download, request, RequestError } from '../request/client';

/** Resource reads go through a data provider, the one code that knows the resource API's URLs. */
const resources = createDataProvider({ request: (url, body, options) => request(url, { body, silent: options?.silent, method: options?.method }), download });

export const designerApi = {
  screen: (id: string) => request<ScreenDetail>('/api/screens/get', { body: { id } }),
  versions: (id: string) => request<ScreenVersion[]>('/api/screens/versions', { body: { id } }),
  publish: (id: string) => request<{ version: number }>('/api/screens/publish', { body: { id } }),
  rollback: (id: string, version: number) => request<{ version: number }>('/api/screens/rollback', { body: { id, version } }),
  bindMenu: (body: MenuBindBody) => request<MenuBinding>('/api/screens/menu-bind', { body }),
  definition: (name: string) => resources.getDefinition({ resource: name, meta: { silent: true } }),
  definitions: async () => (await request<{ rows: ResourceDefinition[] }>('/api/resource-defs/list')).rows,
  saveDefinition: (definition: ResourceDefinition) => request<ResourceDefinition>('/api/resource-defs/save', { body: { definition } }),
  roles: () => resources.getList({ resource: 'roles', pagination: { pageSize: 200 }, sorters: [{ field: 'id', order: 'asc' }] }),

  /** Saves a draft; a refused screen resolves with its problems instead of throwing. */
  async saveScreen(screen: unknown): Promise<ScreenProblem[]> {
    try {
      await request('/api/screens/save', { body: { screen }, silent: true });
      return [];
    } catch (error) {
      const problems = error instanceof RequestError ? (error.data as { problems?: ScreenProblem[] } | null)?.problems : undefined;
      if (problems) return problems;
      throw error;
    }
  },
};

export type { Screen };
