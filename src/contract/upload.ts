/**
 * Uploads of resource images and files (POST /api/uploads, multipart field `file`). The server
 * checks size and type whatever the client checked; the form checks the same limits first so the
 * user hears at once, before any bytes travel.
 */
import { Type, type Static } from './schema';

export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** The multipart field that carries the file. */
export const UPLOAD_FIELD = 'file';

/** Images by the type their content shows; the stored extension decides how they are served. */
export const IMAGE_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

/**
 * Files by extension, each with the type it is served as. Nothing a browser would run or render as
 * a page (HTML, SVG, XML, scripts) is accepted: uploads are served from the console's own origin.
 */
export const FILE_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export const UploadQuery = Type.Object(
  {
    /** `image`: only an image recognised by its content; `file` (default): any accepted file type. */
    kind: Type.Optional(Type.Union([Type.Literal('image'), Type.Literal('file')])),
  },
  { additionalProperties: false },
);
export type UploadQuery = Static<typeof UploadQuery>;

export const UploadData = Type.Object({
  /** Where the upload is served; this is what an image or file field stores. */
  url: Type.String(),
  /** The file's name as the user had it (cleaned of path parts). */
  name: Type.String(),
  size: Type.Integer(),
  type: Type.String(),
});
export type UploadData = Static<typeof UploadData>;
