import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Checkbox, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { greetingKey } from './greeting';
import { homePath, loadSession, login, resetSession } from './session';
import { safeRedirect } from './redirect';
import './login.css';

interface Credentials {
  username: string;
  password: string;
}

const REMEMBERED_USER = 'rememberedUser';

// Only a failed login shows the alert: it arrives after a round trip, so it loads on demand.
const Alert = lazy(() => import('antd/es/alert'));

/**
 * The spec's §5 rules for the two fields. The login page uses plain inputs rather than antd's Form:
 * it is the first page every user downloads, and Form with its validator costs a fifth of its budget.
 */
function fieldErrors({ username, password }: Credentials) {
  return {
    username: username.trim() === '' ? ('login.usernameRequired' as const) : null,
    password: password.length < 6 ? ('login.passwordRequired' as const) : null,
  };
}

export default function LoginPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('reason'));
  const [busy, setBusy] = useState(false);
  const [values, setValues] = useState<Credentials>(() => ({
    username: localStorage.getItem(REMEMBERED_USER) ?? '',
    password: '',
  }));
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_USER) !== null);
  const [checked, setChecked] = useState(false);
  const errors = fieldErrors(values);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (errors.username || errors.password) return;
    setBusy(true);
    setError(null);
    try {
      await login(values.username.trim(), values.password);
      if (remember) localStorage.setItem(REMEMBERED_USER, values.username.trim());
      else localStorage.removeItem(REMEMBERED_USER);
      const session = await loadSession();
      navigate(safeRedirect(params.get('redirect')) ?? homePath(session), { replace: true });
    } catch (e) {
      // A login that half-worked (token but no valid profile) must not leave a token behind.
      resetSession();
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (key: keyof Credentials) => (checked && errors[key] ? t(errors[key]) : null);

  return (
    <div className="login-page">
      <div className="login-brand">
        <img src="/favicon.svg" alt="" className="login-logo" />
        <h1 className="login-brand-title">{t('app.siteTitle')}</h1>
        <p className="login-brand-sub">{t('login.subtitle')}</p>
      </div>
      <div className="login-panel">
        <div className="login-lang">
            <LanguageSwitch />
        </div>
        <div className="login-card">
          <h2 className="login-greeting">{t(greetingKey(new Date().getHours()))}！</h2>
          <p className="login-muted">{t('login.welcome', { title: t('app.siteTitle') })}</p>
          {error && (
            <Suspense fallback={<div role="alert" className="login-error">{error}</div>}>
              <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />
            </Suspense>
          )}
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
              <Input.Password
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
            <Checkbox className="login-remember" checked={remember} onChange={(e) => setRemember(e.target.checked)}>
              {t('login.remember')}
            </Checkbox>
            <Button type="primary" htmlType="submit" size="large" block loading={busy}>
              {t('login.submit')}
            </Button>
          </form>
          <p className="login-muted login-demo">{t('login.demoHint')}</p>
        </div>
      </div>
    </div>
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
