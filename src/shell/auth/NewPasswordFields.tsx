import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useI18n } from '../i18n/I18nProvider';
import { TextField } from '../controls/TextField';
import type { FormFields } from '../controls/useFormFields';

/**
 * A password and its confirmation with the spec's §5 messages: a new one replacing the old (reset), or
 * the first one (registration: 密码 / 确认密码).
 */
export function NewPasswordFields<V extends { password: string; confirm: string }>({ form, first = false }: { form: FormFields<V>; first?: boolean }) {
  const { t } = useI18n();
  const label = first ? t('login.password') : t('form.newPassword');
  const confirm = first ? t('form.confirmPassword') : t('form.confirmNewPassword');
  return (
    <>
      <TextField id="password" label={label} icon={LockOutlined} secret autoComplete="new-password" placeholder={label} {...form.bind('password')} />
      <TextField id="confirm" label={confirm} icon={LockOutlined} secret autoComplete="new-password" placeholder={confirm} {...form.bind('confirm')} />
    </>
  );
}
