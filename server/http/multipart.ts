import { createWriteStream, rmSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { Code } from '../../src/contract/envelope';
import { ApiError } from './errors';

/** One uploaded file, read whole. */
export interface ReceivedFile {
  filename: string;
  mimetype: string;
  bytes: Buffer;
}

/** One uploaded file, streamed to disk: never whole in memory. */
export interface StoredFile {
  filename: string;
  mimetype: string;
  path: string;
  size: number;
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
 * The file part of a multipart request, consumed by `take`, the one way every upload route reads
 * one. A body the parser cannot follow (no boundary, a boundary that never comes, a part cut
 * short) is the caller's mistake and answers 400, never the parser's own error as a 500.
 */
async function receivePart<T>(request: FastifyRequest, { field, missing, tooLarge }: ReceiveOptions, take: (part: MultipartFile) => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw missing();
  let received: { value: T; fieldname: string; truncated: boolean };
  try {
    const part = await request.file();
    if (!part) throw missing();
    // Read before any refusal: an unread part would leave the rest of the request stuck on the socket.
    const value = await take(part);
    received = { value, fieldname: part.fieldname, truncated: part.file.truncated };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if ((error as { code?: unknown }).code === FILE_TOO_LARGE) throw tooLarge();
    request.log.info({ err: error }, 'malformed multipart body');
    throw new ApiError(Code.badRequest, 'multipartMalformed');
  }
  // A file just over the limit can end on the chunk that hit it, before the reader looks: the stream says so.
  if (received.truncated) throw tooLarge();
  if (received.fieldname !== field) throw missing();
  return received.value;
}

export async function receiveFile(request: FastifyRequest, options: ReceiveOptions): Promise<ReceivedFile> {
  return receivePart(request, options, async (part) => ({ filename: part.filename, mimetype: part.mimetype, bytes: await part.toBuffer() }));
}

/** The file of a multipart request written to `path` as it arrives; the file is removed again when the upload is refused. */
export async function receiveFileToDisk(request: FastifyRequest, options: ReceiveOptions, path: string): Promise<StoredFile> {
  try {
    return await receivePart(request, options, async (part) => {
      let size = 0;
      part.file.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(part.file, createWriteStream(path));
      return { filename: part.filename, mimetype: part.mimetype, path, size };
    });
  } catch (error) {
    rmSync(path, { force: true });
    throw error;
  }
}
