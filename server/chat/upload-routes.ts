import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { CHAT_FILE_EXTENSIONS, CHAT_FILE_MAX_BYTES, CHAT_IMAGE_MAX_BYTES, ChatUpload } from '../../src/contract/api/chat';
import { Code } from '../../src/contract/envelope';
import { ok } from '../http/envelope';
import { ApiError } from '../http/errors';
import { routeSchema, type App } from '../http/route';
import { UPLOADS_PREFIX, uploadsRoot } from '../http/uploads';
import { imageExtension } from '../http/image-type';
import { receiveFile } from '../http/multipart';
import { recordUpload } from './upload-store';

const FOLDER = 'chat';
const FIELD = 'file';
const NAME_MAX = 255;
const MB = 1024 * 1024;
const FILE_EXTENSIONS: ReadonlySet<string> = new Set(CHAT_FILE_EXTENSIONS);

/** The name the sender gave the file, as receivers are shown it: no folders, no control characters. */
function shownName(filename: string, ext: string): string {
  // eslint-disable-next-line no-control-regex
  const name = path.basename(filename.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(name || `file.${ext}`).slice(0, NAME_MAX).join('');
}

/**
 * POST /chat/upload: stores the picture or file an image or file message will name. Pictures are
 * recognised by their bytes; other files by an allow-listed extension, so nothing the browser would
 * run (HTML, SVG, scripts) is ever served back from this origin.
 */
export async function uploadRoutes(app: App, { db, dataDir }: { db: Kysely<Database>; dataDir: string }) {
  // Registered here, not on the whole server, so only this route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: CHAT_FILE_MAX_BYTES, files: 1 } });
  const folder = path.join(uploadsRoot(dataDir), FOLDER);

  app.post(
    '/chat/upload',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Upload a picture or file for a chat message', tags: ['chat'], data: ChatUpload, auth: true }),
        description:
          `multipart/form-data with one file field \`${FIELD}\`: a PNG, JPEG, GIF or WebP picture of at most ${CHAT_IMAGE_MAX_BYTES / MB} MiB, ` +
          `or a ${CHAT_FILE_EXTENSIONS.join(', ')} file of at most ${CHAT_FILE_MAX_BYTES / MB} MiB.`,
      },
    },
    async (request) => {
      const missing = () => new ApiError(Code.badRequest, 'chatFileMissing');
      const tooLarge = () => new ApiError(Code.payloadTooLarge, 'chatFileTooLarge', { mb: CHAT_FILE_MAX_BYTES / MB });
      const part = await receiveFile(request, { field: FIELD, missing, tooLarge });
      const { bytes } = part;
      if (bytes.length === 0) throw missing();
      const picture = imageExtension(bytes);
      if (picture && bytes.length > CHAT_IMAGE_MAX_BYTES) throw new ApiError(Code.payloadTooLarge, 'chatFileTooLarge', { mb: CHAT_IMAGE_MAX_BYTES / MB });
      const named = path.extname(part.filename).slice(1).toLowerCase();
      if (!picture && !FILE_EXTENSIONS.has(named)) throw new ApiError(Code.badRequest, 'chatFileType', { types: CHAT_FILE_EXTENSIONS.join(', ') });
      const ext = picture ?? named;

      const file = `${randomBytes(16).toString('hex')}.${ext}`;
      await fs.mkdir(folder, { recursive: true });
      await fs.writeFile(path.join(folder, file), bytes, { flag: 'wx' });
      const upload: ChatUpload = { url: `${UPLOADS_PREFIX}${FOLDER}/${file}`, name: shownName(part.filename, ext), size: bytes.length, kind: picture ? 'image' : 'file' };
      try {
        await recordUpload(db, upload, request.caller!.userId);
      } catch (error) {
        await fs.rm(path.join(folder, file), { force: true });
        throw error;
      }
      return ok(upload);
    },
  );
}
