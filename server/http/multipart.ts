import type { FastifyRequest } from 'fastify';
import { Code } from '../../src/contract/envelope';
import { ApiError } from './errors';

/** One uploaded file, read whole. */
export interface ReceivedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

export interface ReceiveOptions {
  /** The form field the file must come in. */
  field: string;
  /** The refusal when no file came in that field. */
  missing: () => ApiError;
  /** The refusal when the file is over the route's limit. */
  tooLarge: () => ApiError;
}

/** @fastify/multipart's code for a file over `limits.fileSize`. */
const FILE_TOO_LARGE = 'FST_REQ_FILE_TOO_LARGE';

/**
 * The file of a multipart request, the one way every upload route reads one. A body the parser
 * cannot follow (no boundary, a boundary that never comes, a part cut short) is the caller's
 * mistake and answers 400, never the parser's own error as a 500.
 */
export async function receiveFile(request: FastifyRequest, { field, missing, tooLarge }: ReceiveOptions): Promise<ReceivedFile> {
  if (!request.isMultipart()) throw missing();
  let received: ReceivedFile & { fieldname: string; truncated: boolean };
  try {
    const part = await request.file();
    if (!part) throw missing();
    // Read before any refusal: an unread part would leave the rest of the request stuck on the socket.
    const bytes = await part.toBuffer();
    received = { filename: part.filename, mimetype: part.mimetype, bytes, fieldname: part.fieldname, truncated: part.file.truncated };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: unknown }).code === FILE_TOO_LARGE) throw tooLarge();
    request.log.info({ err: error }, 'malformed multipart body');
    throw new ApiError(Code.badRequest, 'multipartMalformed');
  }
  // A file just over the limit can end on the chunk that hit it, before toBuffer looks: the stream says so.
  if (received.truncated) throw tooLarge();
  if (received.fieldname !== field) throw missing();
  return { filename: received.filename, mimetype: received.mimetype, bytes: received.bytes };
}
