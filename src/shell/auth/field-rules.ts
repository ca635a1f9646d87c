import { hasMinLength, isMobile, patterns } from '../../contract/validators';
import type { MessageKey } from '../i18n/types';

/** The spec's §5 checks of the signed-out pages' fields, each giving its message key or null. */
export const fieldRules = {
  username: (value: string): MessageKey | null => (value.trim() === '' ? 'login.usernameRequired' : null),
  newUsername: (value: string): MessageKey | null =>
    fieldRules.username(value) ?? (/^[A-Za-z0-9_.-]+$/.test(value) ? null : 'register.usernameRule'),
  password: (value: string): MessageKey | null => (hasMinLength(value) ? null : 'login.passwordRequired'),
  confirm: (value: string, { password }: { password: string }): MessageKey | null =>
    value === '' ? 'form.confirmRequired' : value === password ? null : 'form.passwordMismatch',
  mobile: (value: string): MessageKey | null => (isMobile(value) ? null : 'form.mobileInvalid'),
  code: (value: string): MessageKey | null => (new RegExp(patterns.smsCode).test(value) ? null : 'form.codeRequired'),
};
