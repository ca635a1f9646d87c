/**
 * Administration of admin-defined resources: create or change a definition (its table follows at
 * once, no restart), delete an empty one, list and read them. For administrators (`resources:design`).
 */
import type { FastifyRequest } from 'fastify';
import { Type } from '../../src/contract/schema';
import { Code } from '../../src/contract/envelope';
import { ResourceDefinition as ResourceDefinitionSchema } from '../../src/contract/resource';
import { DefinitionList, DefinitionNameBody, DesignedResource, SaveDefinitionBody } from '../../src/contract/api/resources';
import type { DatabaseHandle } from '../db/open';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { recordLog } from '../audit/system-log';
import type { AuditAction } from '../audit/actions';
import { resourceRegistry } from './definitions';

/** The permission code of the resource designer; the admin role holds every code. */
export const DESIGN_RESOURCES = 'resources:design';
const DESIGN = { permission: DESIGN_RESOURCES } as const;
const TAGS = ['resource-design'];

export async function definitionRoutes(app: App, { database }: { database: DatabaseHandle }) {
  const registry = resourceRegistry(database);
  const audit = (request: FastifyRequest, action: AuditAction, target: string, detail = '') =>
    recordLog(database.db, { userId: request.caller!.userId, username: request.caller!.username, action, target, detail, ip: request.ip, result: 'ok' });

  app.post(
    '/api/resource-defs/save',
    {
      config: { access: DESIGN },
      schema: routeSchema({
        summary: 'Create an admin-defined resource or change its fields; its table follows at once',
        tags: TAGS,
        body: SaveDefinitionBody,
        data: ResourceDefinitionSchema,
        auth: true,
      }),
    },
    async (request) => {
      const saved = await registry.save(request.body.definition, { userId: request.caller!.userId });
      await audit(request, 'resource-define', saved.name, `v${saved.version}`);
      return ok(saved);
    },
  );

  app.post(
    '/api/resource-defs/delete',
    {
      config: { access: DESIGN },
      schema: routeSchema({ summary: 'Delete an admin-defined resource and its table; only an empty one', tags: TAGS, body: DefinitionNameBody, data: Type.Null(), auth: true }),
    },
    async (request) => {
      await registry.remove(request.body.name);
      await audit(request, 'resource-undefine', request.body.name);
      return ok(null);
    },
  );

  app.post(
    '/api/resource-defs/list',
    {
      config: { access: DESIGN },
      schema: routeSchema({ summary: 'Every resource definition, built-in and admin-defined, complete', tags: TAGS, data: DefinitionList, auth: true }),
    },
    async () => ok({ rows: (await registry.list()).map((store) => store.definition) }),
  );

  app.post(
    '/api/resource-defs/get',
    {
      config: { access: DESIGN },
      schema: routeSchema({
        summary: 'One definition with its row count and the columns kept from removed fields',
        tags: TAGS,
        body: DefinitionNameBody,
        data: DesignedResource,
        auth: true,
      }),
    },
    async (request) => {
      const designed = await registry.design(request.body.name);
      if (!designed) throw new ApiError(Code.notFound, 'resourceNotFound', { name: request.body.name });
      return ok(designed);
    },
  );
}
