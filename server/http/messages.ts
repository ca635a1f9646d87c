/**
 * Messages the server writes into `msg`, Chinese first. The caller's Accept-Language picks English;
 * anything else gets Chinese.
 */
const zh = {
  badRequest: '请求参数有误',
  invalidJson: '请求体不是合法的 JSON',
  unsupportedMediaType: '不支持的请求格式，请使用 application/json',
  payloadTooLarge: '请求体过大',
  notFound: '资源不存在',
  methodNotAllowed: '请求方法不被允许',
  serverError: '服务器错误，请稍后再试（请求编号 {id}）',
  unauthorized: '登录已失效，请重新登录',
  tokenExpired: '登录凭证已过期',
  forbidden: '没有权限',
  locked: '后端code指令强制开启锁屏',
  loginFailed: '用户名或密码错误',
  userDisabled: '账号已停用，请联系管理员',
  tooManyAttempts: '尝试次数过多，请 {minutes} 分钟后再试',
  demoOnly: '该功能仅在演示模式下可用',
  fieldInvalid: '{field} {reason}',
  fieldRequired: '{field} 为必填项',
} as const;

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  badRequest: 'Invalid request',
  invalidJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported request format; send application/json',
  payloadTooLarge: 'The request body is too large',
  notFound: 'Resource does not exist',
  methodNotAllowed: 'Method not allowed',
  serverError: 'Server error, please try again later (request {id})',
  unauthorized: 'Your login has expired, please sign in again',
  tokenExpired: 'The access token has expired',
  forbidden: 'Permission denied',
  locked: 'The server locked the screen',
  loginFailed: 'Wrong user name or password',
  userDisabled: 'This account is disabled; contact an administrator',
  tooManyAttempts: 'Too many attempts; try again in {minutes} minutes',
  demoOnly: 'Only available in demo mode',
  fieldInvalid: '{field} {reason}',
  fieldRequired: '{field} is required',
};

export type Language = 'zh' | 'en';

export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template: string = (lang === 'en' ? en : zh)[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}
