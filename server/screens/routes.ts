import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import type { ResourceDefinition } from '../../src/contract/resource';
import type { Screen } from '../../src/contract/screen';
import { ScreenResolveBody } from '../../src/contract/screen';
import { checkScreen, checkScreenFields, resourcesOf } from '../../src/contract/screen-check';
import {
  MenuBindBody,
  SCREEN_DESIGN_PERMISSION,
  ScreenIdBody,
  ScreenSaveBody,
  ScreenVersionBody,
} from '../../src/contract/api/screens';
import type { ScreenPublishedContent } from '../../src/contract/chat';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import { MENU_BIND_ROLES, type AuditAction } from '../audit/actions';
import { mayOpenView } from '../index/menu-tree';
import { ScreenStore } from './store';
import type { BundledScreens } from './bundled';
import { bindMenu } from './menu-binding';

export interface ScreenRoutesOptions {
  db: Kysely<Database>;
  bundled: BundledScreens;
  /** The definitions of these resources that exist, to check the fields a screen names. */
  definitionsOf(names: string[]): Promise<Map<string, ResourceDefinition>>;
  /** Tells every open console that a screen has a new version. */
  announce(content: ScreenPublishedContent): void;
}

const Problems = Type.Object({ problems: Type.Array(Type.Object({ path: Type.String(), message: Type.String() })) });
const Anything = Type.Unknown();
const design = { access: { permission: SCREEN_DESIGN_PERMISSION } } as const;

/**
 * Screens: every console resolves a vue_path here; the designer saves drafts, publishes, lists
 * versions, rolls back and binds a screen to a menu item for chosen roles.
 */
export async function screenRoutes(app: App, { db, bundled, definitionsOf, announce }: ScreenRoutesOptions) {
  const store = new ScreenStore(db, bundled);
  const log = (request: FastifyRequest, action: AuditAction, target: string, detail = '') =>
    recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action, target, ip: request.ip, result: 'ok', detail });

  /** A screen fit to store: the meta-schema holds and every field it names exists. */
  async function checked(value: unknown, request: FastifyRequest): Promise<Screen> {
    const meta = checkScreen(value, request.lang);
    const problems = meta.ok ? checkScreenFields(meta.screen, await definitionsOf(resourcesOf(meta.screen)), request.lang) : meta.problems;
    if (problems.length || !meta.ok) throw new ApiError(Code.badRequest, 'screenInvalid', { count: problems.length }, { problems });
    return meta.screen;
  }

  app.post(
    '/api/screens/resolve',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'The screen a console draws for a vue_path of its menu: published, else bundled; null when none', tags: ['screens'], body: ScreenResolveBody, data: Anything, auth: true }),
    },
    async (request) => {
      const vuePath = request.body.vue_path;
      if (!(await mayOpenView(db, await request.access(), vuePath))) throw new ApiError(Code.forbidden, 'forbidden');
      return ok(await store.resolve(vuePath));
    },
  );

  app.post(
    '/api/screens/list',
    { config: design, schema: routeSchema({ summary: 'Every screen, bundled and written, with its state and menu items', tags: ['screens'], data: Anything, auth: true }) },
    async () => ok(await store.list()),
  );

  app.post(
    '/api/screens/get',
    { config: design, schema: routeSchema({ summary: "A screen's draft, published and bundled versions", tags: ['screens'], body: ScreenIdBody, data: Anything, auth: true }) },
    async (request) => ok(await store.detail(request.body.id)),
  );

  app.post(
    '/api/screens/check',
    {
      config: design,
      schema: routeSchema({ summary: 'Checks a screen as saving would, without saving it', tags: ['screens'], body: ScreenSaveBody, data: Problems, auth: true }),
    },
    async (request) => {
      try {
        await checked(request.body.screen, request);
        return ok({ problems: [] });
      } catch (error) {
        if (error instanceof ApiError && error.data) return ok(error.data as { problems: [] });
        throw error;
      }
    },
  );

  app.post(
    '/api/screens/save',
    {
      config: design,
      schema: routeSchema({ summary: 'Keeps a screen as the draft of its id; a screen that fails gets every problem with its path', tags: ['screens'], body: ScreenSaveBody, data: Type.Null(), errorData: Problems, auth: true }),
    },
    async (request) => {
      const screen = await checked(request.body.screen, request);
      await store.saveDraft(screen, request.caller!.userId);
      await log(request, 'screen-save', screen.id);
      return ok(null);
    },
  );

  app.post(
    '/api/screens/publish',
    { config: design, schema: routeSchema({ summary: 'Publishes the draft as the next version; open consoles redraw it', tags: ['screens'], body: ScreenIdBody, data: Type.Object({ version: Type.Integer() }), auth: true }) },
    async (request) => {
      const { id } = request.body;
      // A draft saved before a resource changed is checked again: what goes live must still hold.
      const detail = await store.detail(id);
      if (detail.draft) await checked(detail.draft, request);
      const version = await store.publish(id, request.caller!.userId);
      await log(request, 'screen-publish', id, `v${version}`);
      announce({ vue_path: id, version });
      return ok({ version });
    },
  );

  app.post(
    '/api/screens/versions',
    { config: design, schema: routeSchema({ summary: 'Every published version of a screen, newest first', tags: ['screens'], body: ScreenIdBody, data: Anything, auth: true }) },
    async (request) => ok(await store.versions(request.body.id)),
  );

  app.post(
    '/api/screens/rollback',
    { config: design, schema: routeSchema({ summary: 'Publishes an earlier version again as the next version', tags: ['screens'], body: ScreenVersionBody, data: Type.Object({ version: Type.Integer() }), auth: true }) },
    async (request) => {
      const { id, version: from } = request.body;
      const version = await store.rollback(id, from, request.caller!.userId);
      await log(request, 'screen-rollback', id, `v${from} → v${version}`);
      announce({ vue_path: id, version });
      return ok({ version });
    },
  );

  app.post(
    '/api/screens/menu-bind',
    {
      config: design,
      schema: routeSchema({ summary: 'Puts a screen in the menu for the chosen roles', tags: ['screens'], body: MenuBindBody, data: Type.Object({ menu_id: Type.Integer(), path: Type.String(), permission: Type.String() }), auth: true }),
    },
    async (request) => {
      const body = request.body;
      const binding = await bindMenu(db, body);
      await log(request, 'screen-menu-bind', body.id, `${body.name}${MENU_BIND_ROLES}${body.role_ids.join(',')}`);
      return ok(binding);
    },
  );
}
