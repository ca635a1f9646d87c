import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
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
import { receiveFile } from '../http/multipart';
import { recordLog } from '../audit/system-log';
import type { AuditAction } from '../audit/actions';
import { logoOf, readProfile, setLogo, updateProfile } from './profile-store';

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

  const audit = (request: FastifyRequest, action: AuditAction) =>
    recordLog(db, { userId: request.caller!.userId, username: request.caller!.username, action, ip: request.ip, result: 'ok' });

  app.post(
    '/api/index/profile',
    {
      config: { access: 'authenticated' },
      schema: routeSchema({ summary: "The caller's profile", tags: ['account'], data: ProfileData, auth: true }),
    },
    async (request) => ok(await readProfile(db, request.caller!.userId)),
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
      await updateProfile(db, userId, { name, email });
      await audit(request, 'update-profile');
      return ok(await readProfile(db, userId));
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
      const { bytes } = await receiveFile(request, {
        field: AVATAR_FIELD,
        missing: () => new ApiError(Code.badRequest, 'avatarMissing'),
        tooLarge: () => new ApiError(Code.payloadTooLarge, 'avatarTooLarge', { mb: AVATAR_MAX_MB }),
      });
      const ext = imageExtension(bytes);
      if (!ext) throw new ApiError(Code.badRequest, 'avatarType');

      const previous = await logoOf(db, userId);
      const file = `${randomBytes(16).toString('hex')}.${ext}`;
      const target = path.join(avatarDir, file);
      await fs.mkdir(avatarDir, { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
      const logo = `${UPLOADS_PREFIX}${AVATAR_FOLDER}/${file}`;
      try {
        await setLogo(db, userId, logo);
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
}
