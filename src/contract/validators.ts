/**
 * The helper checks of spec §5, shared by the server's schemas and the console's forms. Each is a
 * plain pattern or predicate so JSON Schema (`pattern`) and form rules can use the same source.
 */
export const patterns = {
  /** Mainland mobile number: 1, then 3–9, then 9 more digits. */
  mobile: '^1[3-9]\\d{9}$',
  /** A 6-digit verification code. */
  smsCode: '^\\d{6}$',
  /**
   * Link: http, https, mailto, tel or protocol-relative, with something after the scheme (a bare
   * "tel:" or "https://" leads nowhere). Schemes are case-insensitive (RFC 3986 §3.1), spelled out
   * as character classes because a JSON Schema pattern takes no flags.
   */
  link: '^(([Hh][Tt][Tt][Pp][Ss]?:)?//[^\\s/]|([Mm][Aa][Ii][Ll][Tt][Oo]|[Tt][Ee][Ll]):\\S)',
  /** Signed decimal number. */
  signedDecimal: '^[-+]?\\d+(\\.\\d+)?$',
  /**
   * http(s) URL: a dotted host, then optionally a path, query or fragment. "With a path" means a
   * path is allowed, not required: a bare site address is a URL a form must take.
   */
  httpUrl: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+\\.[^\\s/?#]+([/?#]\\S*)?$',
  /** ID card: 15 or 18 digits, the last may be X. */
  idCard: '^(\\d{15}|\\d{17}[\\dXx])$',
  email: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  chinese: '^[\\u4e00-\\u9fa5]+$',
  letters: '^[A-Za-z]+$',
  /** A release's version: major.minor.patch, e.g. 1.4.0. */
  releaseVersion: '^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$',
} as const;

/**
 * An image or file field's value: empty, a path on this server (an upload, the default avatar) or a link
 * by the rule above. Nothing else, `javascript:` and `data:` above all, is ever stored as one.
 */
export const storedUrlPattern = `^$|^/[^/\\s]|${patterns.link}`;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

// The 'u' flag is what ajv compiles schema patterns with, so form and server read a pattern alike.
const test = (pattern: string) => (value: string) => new RegExp(pattern, 'u').test(value);

export const isMobile = test(patterns.mobile);
export const isLink = test(patterns.link);
export const isSignedDecimal = test(patterns.signedDecimal);
export const isHttpUrl = test(patterns.httpUrl);
export const isIdCard = test(patterns.idCard);
export const isEmail = test(patterns.email);
export const isChinese = test(patterns.chinese);
export const isLetters = test(patterns.letters);

/** Counts characters as JSON Schema's minLength does (code points), so form and server agree on "😀😀😀". */
export function hasMinLength(value: string, min = MIN_PASSWORD_LENGTH): boolean {
  return [...value].length >= min;
}

/** JSON text whose top level is an object. */
export function isJsonObject(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}
