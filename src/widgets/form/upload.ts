/**
 * The client's side of uploads: the same size and type limits the server applies (checked first,
 * so a wrong file is refused before it travels).
 */
import { FILE_TYPES, IMAGE_TYPES, UPLOAD_MAX_BYTES } from '../../contract/upload';

export type UploadKind = 'image' | 'file';

/** What a field accepts: its own `accept` list (MIME types, `type/*` or `.ext`), else every type the server takes. */
export function acceptedTypes(kind: UploadKind, accept: unknown): string[] {
  if (Array.isArray(accept) && accept.length) return accept.map(String);
  return kind === 'image' ? Object.values(IMAGE_TYPES).filter((type, i, all) => all.indexOf(type) === i) : Object.keys(FILE_TYPES).map((ext) => `.${ext}`);
}

/** The largest size a field accepts: its own `maxSize`, never above the server's limit. */
export function largestSize(maxSize: unknown): number {
  return typeof maxSize === 'number' && maxSize > 0 ? Math.min(maxSize, UPLOAD_MAX_BYTES) : UPLOAD_MAX_BYTES;
}

const extensionOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

function matches(file: Pick<File, 'name' | 'type'>, accepted: string): boolean {
  const rule = accepted.trim().toLowerCase();
  if (rule.startsWith('.')) return extensionOf(file.name) === rule.slice(1);
  if (rule.endsWith('/*')) return file.type.toLowerCase().startsWith(rule.slice(0, -1));
  return file.type.toLowerCase() === rule;
}

/** "PNG、JPEG" or "PDF, DOCX": the accepted types as a user reads them. */
export function describeTypes(accepted: string[], separator: string): string {
  const names = accepted.map((rule) => (rule.startsWith('.') ? rule.slice(1) : (rule.split('/')[1] ?? rule)).toUpperCase());
  return [...new Set(names.map((name) => (name === '*' ? accepted[0] : name)))].join(separator);
}

export function describeSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export interface UploadProblem {
  key: 'formUploadType' | 'formUploadTooLarge';
  params: Record<string, string>;
}

/** Why a file may not be uploaded to this field, or null when it may. */
export function uploadProblem(file: Pick<File, 'name' | 'type' | 'size'>, accepted: string[], maxSize: number, separator: string): UploadProblem | null {
  if (!accepted.some((rule) => matches(file, rule))) return { key: 'formUploadType', params: { types: describeTypes(accepted, separator) } };
  if (file.size > maxSize) return { key: 'formUploadTooLarge', params: { size: describeSize(maxSize) } };
  return null;
}

/** The file name of an uploaded file's URL (the server keeps it as the URL's last part). */
export function nameOfUrl(url: string): string {
  const last = url.split(/[?#]/)[0].split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
