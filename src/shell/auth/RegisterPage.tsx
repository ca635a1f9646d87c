import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { request } from '../request/client';
import { settings } from '../../contract/settings';
import { useI18n } from '../i18n/I18nProvider';
import { AuthLayout } from './AuthLayout';
import { MobileCodeFields } from './MobileCodeFields';
import { NewPasswordFields } from './NewPasswordFields';
import { useFinishLogin } from './useFinishLogin';
import { useAsyncAction } from '../hooks/useAsyncAction';
import { fieldRules } from './field-rules';
import { useFormFields } from '../controls/useFormFields';
import { TextField } from '../controls/TextField';
import { Button } from '../controls/Button';
import { ErrorAlert } from '../controls/Alert';

const EMPTY = { username: '', mobile: '', code: '', password: '', confirm: '' };
type RegisterForm = typeof EMPTY;

/** Self-registration with a mobile code; the new account lands logged in on its home. */
export default function RegisterPage() {
  const { t } = useI18n();
  const form = useFormFields<RegisterForm>(EMPTY, {
    username: fieldRules.newUsername,
    mobile: fieldRules.mobile,
    code: fieldRules.code,
    password: fieldRules.password,
    confirm: fieldRules.confirm,
  });
  const { search } = useLocation();
  const finishLogin = useFinishLogin();
  const { busy, error, run: register } = useAsyncAction(
    useCallback(
      async ({ username, mobile, code, password }: RegisterForm) => {
        const data = await request<Record<string, string>>('/api/public/register', {
          body: { username: username.trim(), mobile, code, password },
          silent: true,
        });
        await finishLogin(data[settings.tokenName]);
      },
      [finishLogin],
    ),
  );

  return (
    <AuthLayout title="register.title">
      <h2 className="login-greeting">{t('register.title')}</h2>
      <p className="login-muted">{t('register.subtitle')}</p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <form noValidate onSubmit={form.submit((values) => void register(values))}>
        <TextField id="username" label={t('login.username')} icon={UserOutlined} autoComplete="username" maxLength={64} placeholder={t('login.username')} {...form.bind('username')} />
        <MobileCodeFields form={form} scene="register" />
        <NewPasswordFields form={form} first />
        <Button variant="primary" htmlType="submit" size="large" block loading={busy}>
          {t('register.submit')}
        </Button>
      </form>
      <div className="login-row login-links">
        <Link to={`/login${search}`}>{t('register.haveAccount')}</Link>
      </div>
    </AuthLayout>
  );
}
