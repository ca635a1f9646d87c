/** Image kinds users may upload, by the extension they are stored and served under. */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'gif', 'webp'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

const has = (bytes: Buffer, offset: number, signature: string | number[]) =>
  bytes.subarray(offset, offset + signature.length).equals(Buffer.from(signature));

/**
 * The image kind read from a file's first bytes (its magic number). The client's mimetype and file
 * name are not trusted: the stored extension decides the Content-Type the file is later served with.
 */
export function imageExtension(bytes: Buffer): ImageExtension | null {
  if (has(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (has(bytes, 0, [0xff, 0xd8, 0xff])) return 'jpg';
  if (has(bytes, 0, 'GIF87a') || has(bytes, 0, 'GIF89a')) return 'gif';
  if (has(bytes, 0, 'RIFF') && has(bytes, 8, 'WEBP')) return 'webp';
  return null;
}
