import { lazy, Suspense, useCallback, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, Checkbox } from 'antd';
// The bare Input and Password, not antd's Input namespace, which drags TextArea, Search and OTP along.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';
import { greetingKey } from './greeting';
import { login } from './session';
import { errorText, useAsyncAction } from '../hooks/useAsyncAction';
import { hasMinLength } from '../../contract/validators';
import { AuthLayout } from './AuthLayout';
import { useFinishLogin } from './useFinishLogin';

interface Credentials {
  username: string;
  password: string;
}

const REMEMBERED_USER = 'rememberedUser';

// Only a failed login shows the alert, and only a chosen QR login draws a QR code: both load on demand.
const Alert = lazy(() => import('antd/es/alert'));
const QrLoginPanel = lazy(() => import('./QrLoginPanel'));

/**
 * The spec's §5 rules for the two fields. The login page uses plain inputs rather than antd's Form:
 * it is the first page every user downloads, and Form with its validator costs a fifth of its budget.
 */
function fieldErrors({ username, password }: Credentials) {
  return {
    username: username.trim() === '' ? ('login.usernameRequired' as const) : null,
    password: hasMinLength(password) ? null : ('login.passwordRequired' as const),
  };
}

export default function LoginPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const finishLogin = useFinishLogin();
  const [qr, setQr] = useState(false);
  const [values, setValues] = useState<Credentials>(() => ({
    username: localStorage.getItem(REMEMBERED_USER) ?? '',
    password: '',
  }));
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_USER) !== null);
  const [checked, setChecked] = useState(false);
  const errors = fieldErrors(values);
  const { busy, error: failure, setError, run: signIn } = useAsyncAction(
    useCallback(
      async (username: string, password: string, keep: boolean) => {
        await login(username, password);
        if (keep) localStorage.setItem(REMEMBERED_USER, username);
        else localStorage.removeItem(REMEMBERED_USER);
        await finishLogin();
      },
      [finishLogin],
    ),
  );
  // Why the session ended (set by whoever sent the user here) shows until the next attempt.
  const error = failure ?? (checked ? null : params.get('reason'));
  const onQrToken = useCallback((token: string) => void finishLogin(token).catch((e: unknown) => setError(errorText(e))), [finishLogin, setError]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!errors.username && !errors.password) void signIn(values.username.trim(), values.password, remember);
  }

  const fieldError = (key: keyof Credentials) => (checked && errors[key] ? t(errors[key]) : null);

  return (
    <AuthLayout title="login.title">
      <h2 className="login-greeting">{t(greetingKey(new Date().getHours()))}！</h2>
      <p className="login-muted">{t('login.welcome', { title: t('app.siteTitle') })}</p>
      {error && (
        <Suspense fallback={<div role="alert" className="login-error">{error}</div>}>
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />
        </Suspense>
      )}
      {qr ? (
        <Suspense fallback={<div className="login-qr-placeholder" />}>
          <QrLoginPanel onToken={onQrToken} />
        </Suspense>
      ) : (
        <form className="login-form" onSubmit={submit} noValidate>
          <LoginField id="username" label={t('login.username')} error={fieldError('username')}>
            <Input
              id="username"
              size="large"
              prefix={<UserOutlined />}
              autoComplete="username"
              placeholder={t('login.username')}
              status={fieldError('username') ? 'error' : undefined}
              value={values.username}
              onChange={(e) => setValues({ ...values, username: e.target.value })}
            />
          </LoginField>
          <LoginField id="password" label={t('login.password')} error={fieldError('password')}>
            <Password
              id="password"
              size="large"
              prefix={<LockOutlined />}
              autoComplete="current-password"
              placeholder={t('login.password')}
              status={fieldError('password') ? 'error' : undefined}
              value={values.password}
              onChange={(e) => setValues({ ...values, password: e.target.value })}
            />
          </LoginField>
          <div className="login-row">
            <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)}>
              {t('login.remember')}
            </Checkbox>
            <Link to="/password">{t('forgot.link')}</Link>
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={busy}>
            {t('login.submit')}
          </Button>
        </form>
      )}
      <div className="login-row login-links">
        <Button type="link" className="login-link-button" onClick={() => setQr(!qr)}>
          {qr ? t('qr.switchToPassword') : t('qr.switchToQr')}
        </Button>
        <Link to={`/register${search}`}>{t('register.title')}</Link>
      </div>
      <p className="login-muted login-demo">{t('login.demoHint')}</p>
    </AuthLayout>
  );
}

function LoginField({ id, label, error, children }: { id: string; label: string; error: string | null; children: ReactNode }) {
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      {children}
      <div className="login-field-error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}
