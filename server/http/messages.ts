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
  usernameRequired: '用户名不能为空',
  passwordTooShort: '密码不能少于6位',
  mobileInvalid: '请输入正确的手机号',
  codeRequired: '请输入手机验证码',
  codeInvalid: '验证码错误或已失效',
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  codeTooFrequent: '验证码发送过于频繁，请 {seconds} 秒后再试',
  smsUnavailable: '短信服务未配置，请联系管理员',
  commonPassword: '密码过于常见，请换一个更安全的密码',
  usernameTaken: '用户名已被注册',
  mobileTaken: '该手机号已注册',
  wrongPassword: '密码错误',
  sessionNotFound: '会话不存在或已结束',
  userNotFound: '用户不存在',
  qrNotFound: '二维码不存在',
  qrExpired: '二维码已过期，请刷新',
  nameRequired: '姓名不能为空',
  emailInvalid: '请输入正确的邮箱地址',
  avatarMissing: '请选择要上传的图片',
  avatarTooLarge: '图片不能超过 {mb} MB',
  avatarType: '只能上传 PNG、JPEG、GIF 或 WebP 图片',
  noticeNotFound: '通知不存在',
  noticeContentEmpty: '通知内容不能为空',
  noticeTargetNotFound: '通知对象不存在',
  quoteNotFound: '报价单不存在',
  shareNotFound: '分享链接不存在',
  shareInvalid: '链接不存在或已失效',
  screenInvalid: '页面定义有 {count} 处问题，未保存',
  screenNotFound: '页面不存在',
  screenVersionNotFound: '页面没有版本 {version}',
  screenNoDraft: '没有待发布的草稿',
  menuNameTaken: '路由名称 {name} 已被其他菜单使用',
  menuParentNotFound: '上级菜单不存在',
  roleNotFound: '角色不存在',
  menuNotFound: '菜单不存在',
  menuCycle: '不能把菜单移到它自己或它的下级菜单下',
  adminRoleFixed: '超级管理员拥有全部权限，不能修改',
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
  usernameRequired: 'User name cannot be empty',
  passwordTooShort: 'Password cannot be less than 6 digits',
  mobileInvalid: 'Please enter the correct mobile phone number',
  codeRequired: 'Please input the mobile phone verification code',
  codeInvalid: 'The verification code is wrong or has expired',
  codeTooManyTries: 'Too many wrong codes; ask for a new one',
  codeTooFrequent: 'Codes are sent at most once a minute; try again in {seconds} s',
  smsUnavailable: 'Text messages are not configured; contact an administrator',
  commonPassword: 'This password is too common; choose a safer one',
  usernameTaken: 'This user name is taken',
  mobileTaken: 'This mobile number is already registered',
  wrongPassword: 'Wrong password',
  sessionNotFound: 'No such session, or it has ended',
  userNotFound: 'No such user',
  qrNotFound: 'No such QR code',
  qrExpired: 'The QR code has expired; refresh it',
  nameRequired: 'Name cannot be empty',
  emailInvalid: 'Please enter a valid email address',
  avatarMissing: 'Choose an image to upload',
  avatarTooLarge: 'The image must not be larger than {mb} MB',
  avatarType: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
  noticeNotFound: 'No such notice',
  noticeContentEmpty: 'The notice content cannot be empty',
  noticeTargetNotFound: 'The notice recipient does not exist',
  quoteNotFound: 'No such quote',
  shareNotFound: 'No such share link',
  shareInvalid: 'This link does not exist or is no longer valid',
  screenInvalid: 'The screen has {count} problems and was not saved',
  screenNotFound: 'No such screen',
  screenVersionNotFound: 'The screen has no version {version}',
  screenNoDraft: 'There is no draft to publish',
  menuNameTaken: 'The route name {name} is taken by another menu item',
  menuParentNotFound: 'The parent menu item does not exist',
  roleNotFound: 'No such role',
  menuNotFound: 'No such menu item',
  menuCycle: 'A menu item cannot move under itself or one of its children',
  adminRoleFixed: 'The administrator role holds every permission and cannot be changed',
};

export type Language = 'zh' | 'en';

export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

export function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  const template: string = (lang === 'en' ? en : zh)[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/**
 * Fields whose every failure has one message of spec §5, whatever rule broke: the user reads
 * "请输入正确的手机号", not a JSON Schema keyword.
 */
export const FIELD_MESSAGES: Record<string, MessageKey> = {
  username: 'usernameRequired',
  password: 'passwordTooShort',
  mobile: 'mobileInvalid',
  code: 'codeRequired',
  email: 'emailInvalid',
};
