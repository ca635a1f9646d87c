import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Config } from '../config';
import { AvatarData, ProfileData, ProfileUpdateBody } from '../../src/contract/api/account';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { UPLOADS_PREFIX, uploadsRoot } from '../http/uploads';
import { IMAGE_EXTENSIONS, imageExtension } from '../http/image-type';
import { recordLog } from '../audit/system-log';
import { nextVersion } from '../db/versioned';

const AVATAR_MAX_MB = 2;
const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;
const AVATAR_FOLDER = 'avatars';
const AVATAR_FIELD = 'file';
/** A logo this server stored; only those files are ever deleted (the default avatar is not one). */
const STORED_AVATAR = new RegExp(`^${UPLOADS_PREFIX}${AVATAR_FOLDER}/([0-9a-f]{32}\\.(?:${IMAGE_EXTENSIONS.join('|')}))$`);

export async function profileRoutes(app: App, { db, config }: { db: Kysely<Database>; config: Config }) {
  // Registered here, not on the whole server, so only these routes accept multipart bodies.
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
  const avatarDir = path.join(uploadsRoot(config.dataDir), AVATAR_FOLDER);

  const audit = (request: FastifyRequest, action: string) =>
    recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action, ip: request.ip, result: 'ok' });

  async function profileOf(userId: number): Promise<ProfileData> {
    const user = await db
      .selectFrom('users as u')
      .innerJoin('teams as t', 't.id', 'u.team_id')
      .leftJoin('departments as d', 'd.id', 'u.department_id')
      .select([
        'u.username',
        'u.name',
        'u.logo',
        'u.mobile',
        'u.email',
        'u.created_at',
        't.id as team_id',
        't.name as team_name',
        't.type as team_type',
        'd.name as department',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirstOrThrow();
    const roles = await db
      .selectFrom('user_roles as ur')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['r.code', 'r.name'])
      .where('ur.user_id', '=', userId)
      .orderBy('r.id')
      .execute();
    return {
      username: user.username,
      name: user.name,
      logo: user.logo,
      mobile: user.mobile,
      email: user.email,
      team: { id: user.team_id, name: user.team_name, type: user.team_type },
      role: roles.map((r) => r.code),
      role_name: roles.map((r) => r.name),
      department: user.department,
      created_at: user.created_at,
    };
  }

  app.post(
    '/api/index/profile',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller's profile", tags: ['account'], data: ProfileData, auth: true }),
    },
    async (request) => ok(await profileOf(request.caller!.userId)),
  );

  app.post(
    '/api/index/profile/update',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: 'Change my name and email', tags: ['account'], body: ProfileUpdateBody, data: ProfileData, auth: true }),
    },
    async (request) => {
      const userId = request.caller!.userId;
      const name = request.body.name.trim();
      if (!name) throw new ApiError(Code.badRequest, 'nameRequired');
      const { email } = request.body;
      await db
        .updateTable('users')
        .set({ name, ...(email === undefined ? {} : { email: email || null }), updated_at: Date.now(), version: nextVersion })
        .where('id', '=', userId)
        .execute();
      await audit(request, 'update-profile');
      return ok(await profileOf(userId));
    },
  );

  app.post(
    '/api/index/avatar',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Upload my avatar', tags: ['account'], data: AvatarData, auth: true }),
        description: `multipart/form-data with one file field \`${AVATAR_FIELD}\`: a PNG, JPEG, GIF or WebP image of at most ${AVATAR_MAX_MB} MiB, recognised by its content. Answers the new logo URL.`,
      },
    },
    async (request) => {
      const userId = request.caller!.userId;
      const part = request.isMultipart() ? await request.file() : undefined;
      if (!part) throw new ApiError(Code.badRequest, 'avatarMissing');
      // Read before any refusal: an unread part would leave the rest of the request stuck on the socket.
      const bytes = await readAvatar(part);
      if (part.fieldname !== AVATAR_FIELD) throw new ApiError(Code.badRequest, 'avatarMissing');
      const ext = imageExtension(bytes);
      if (!ext) throw new ApiError(Code.badRequest, 'avatarType');

      const { logo: previous } = await db.selectFrom('users').select('logo').where('id', '=', userId).executeTakeFirstOrThrow();
      const file = `${randomBytes(16).toString('hex')}.${ext}`;
      const target = path.join(avatarDir, file);
      await fs.mkdir(avatarDir, { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
      const logo = `${UPLOADS_PREFIX}${AVATAR_FOLDER}/${file}`;
      try {
        await db.updateTable('users').set({ logo, updated_at: Date.now(), version: nextVersion }).where('id', '=', userId).execute();
      } catch (error) {
        await fs.rm(target, { force: true });
        throw error;
      }
      const stale = STORED_AVATAR.exec(previous)?.[1];
      if (stale) {
        // The new avatar is saved either way; a file left behind is not the user's problem.
        await fs.rm(path.join(avatarDir, stale), { force: true }).catch((err: unknown) => request.log.warn({ err }, 'previous avatar not deleted'));
      }
      await audit(request, 'update-avatar');
      return ok({ logo });
    },
  );

  async function readAvatar(part: MultipartFile): Promise<Buffer> {
    try {
      return await part.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        throw new ApiError(Code.payloadTooLarge, 'avatarTooLarge', { mb: AVATAR_MAX_MB });
      }
      throw error;
    }
  }
}
