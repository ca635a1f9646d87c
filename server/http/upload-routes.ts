import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { Config } from '../config';
import { Code } from '../../src/contract/envelope';
import { FILE_TYPES, IMAGE_TYPES, UPLOAD_FIELD, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB, UploadData, UploadQuery } from '../../src/contract/upload';
import { ok } from './envelope';
import { ApiError } from './errors';
import { routeSchema, type App } from './route';
import { UPLOADS_PREFIX, uploadsRoot } from './uploads';
import { imageExtension } from './image-type';
import { receiveFile } from './multipart';

const IMAGE_FOLDER = 'images';
const FILE_FOLDER = 'files';
const NAME_MAX = 100;
/** Characters with a meaning in a path, a URL or a shell, replaced in stored names. */
const UNSAFE = '<>:"|?*#%&+';
const FILE_EXTENSIONS = Object.keys(FILE_TYPES) as (keyof typeof FILE_TYPES)[];
const ACCEPTED = FILE_EXTENSIONS.join(', ');

const extensionOf = (name: string) => (/\.([^.]+)$/.exec(name)?.[1] ?? '').toLowerCase();
const isFileExtension = (ext: string): ext is keyof typeof FILE_TYPES => Object.hasOwn(FILE_TYPES, ext);
const isImageExtension = (ext: string) => ext in IMAGE_TYPES || ext === 'jpeg';

/**
 * The user's file name as it can be stored and linked: its last path part only, without control
 * characters or characters that mean something in a path or a URL, at most NAME_MAX characters
 * with the extension kept.
 */
export function cleanFileName(raw: string, ext: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const safe = [...base].map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 || UNSAFE.includes(c) ? '_' : c)).join('');
  let name = safe.replace(/^[.\s]+|[.\s]+$/g, '');
  // The stored type decides the extension: "logo.jpg" holding a PNG is kept as "logo.png".
  if (extensionOf(name) !== ext) name = `${name.replace(/\.[^.]*$/, '') || 'file'}.${ext}`;
  if ([...name].length > NAME_MAX) name = `${[...name].slice(0, NAME_MAX - ext.length - 1).join('')}.${ext}`;
  return name;
}

/**
 * POST /api/uploads: an image or a file for a resource's image and file fields, stored under
 * <DATA_DIR>/uploads and served read-only from /uploads/. Size and type are checked here whatever
 * the form checked: images by their content, files by an allow-list of extensions that holds
 * nothing a browser would run or render as a page, since uploads are served from this origin.
 */
export async function uploadRoutes(app: App, { config }: { config: Config }) {
  // Registered here, not on the whole server, so only this route takes multipart bodies this large.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  const root = uploadsRoot(config.dataDir);

  const tooLarge = () => new ApiError(Code.payloadTooLarge, 'uploadTooLarge', { mb: UPLOAD_MAX_MB });

  async function store(folder: string, file: string, bytes: Buffer): Promise<string> {
    const target = path.join(root, folder, file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes, { flag: 'wx' });
    return `${UPLOADS_PREFIX}${folder}/${file.split('/').map(encodeURIComponent).join('/')}`;
  }

  app.post(
    '/api/uploads',
    {
      config: { access: 'authenticated' },
      schema: {
        ...routeSchema({ summary: 'Upload an image or a file', tags: ['uploads'], querystring: UploadQuery, data: UploadData, auth: true }),
        description:
          `multipart/form-data with one file field \`${UPLOAD_FIELD}\` of at most ${UPLOAD_MAX_MB} MiB. ` +
          `\`kind=image\`: a PNG, JPEG, GIF or WebP image, recognised by its content; otherwise one of ${ACCEPTED}. ` +
          'Answers the URL to store in the field, the cleaned file name, its size and type.',
      },
    },
    async (request) => {
      const missing = () => new ApiError(Code.badRequest, 'uploadMissing');
      const part = await receiveFile(request, { field: UPLOAD_FIELD, missing, tooLarge });
      const { bytes } = part;
      if (bytes.length === 0) throw missing();
      const image = imageExtension(bytes);
      const id = randomBytes(16).toString('hex');

      if (request.query.kind === 'image') {
        if (!image) throw new ApiError(Code.badRequest, 'uploadNotImage');
        const url = await store(IMAGE_FOLDER, `${id}.${image}`, bytes);
        return ok({ url, name: cleanFileName(part.filename, image), size: bytes.length, type: IMAGE_TYPES[image] });
      }

      const ext = extensionOf(part.filename);
      if (!isFileExtension(ext)) throw new ApiError(Code.badRequest, 'uploadType', { types: ACCEPTED });
      // A file named as an image is served as one: it must be one.
      if (isImageExtension(ext) && !image) throw new ApiError(Code.badRequest, 'uploadNotImage');
      const name = cleanFileName(part.filename, ext);
      const url = await store(FILE_FOLDER, `${id}/${name}`, bytes);
      return ok({ url, name, size: bytes.length, type: FILE_TYPES[ext] });
    },
  );
}
