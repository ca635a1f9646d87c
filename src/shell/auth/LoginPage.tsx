import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useI18n } from '../i18n/I18nProvider';
import { greetingKey } from './greeting';
import { login } from './session';
import { errorText, useAsyncAction } from '../hooks/useAsyncAction';
import { AuthLayout } from './AuthLayout';
import { useFinishLogin } from './useFinishLogin';
import { fieldRules } from './field-rules';
import { useFormFields } from '../controls/useFormFields';
import { TextField } from '../controls/TextField';
import { Button } from '../controls/Button';
import { Checkbox } from '../controls/Checkbox';
import { ErrorAlert } from '../controls/Alert';
import { Spinner } from '../controls/Spinner';

const REMEMBERED_USER = 'rememberedUser';

// Only a chosen QR login draws a QR code: it loads on demand.
const QrLoginPanel = lazy(() => import('./QrLoginPanel'));

/**
 * The first page every user downloads: drawn with the signed-out pages' own controls (shell/controls),
 * not antd's, whose components and style engine would be most of its download.
 */
export default function LoginPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { search } = useLocation();
  const finishLogin = useFinishLogin();
  const [qr, setQr] = useState(false);
  const form = useFormFields(
    { username: localStorage.getItem(REMEMBERED_USER) ?? '', password: '' },
    { username: fieldRules.username, password: fieldRules.password },
  );
  const [remember, setRemember] = useState(() => localStorage.getItem(REMEMBERED_USER) !== null);
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
  const error = failure ?? (form.submitted ? null : params.get('reason'));
  const onQrToken = useCallback((token: string) => void finishLogin(token).catch((e: unknown) => setError(errorText(e))), [finishLogin, setError]);

  return (
    <AuthLayout title="login.title">
      <h2 className="login-greeting">{t(greetingKey(new Date().getHours()))}！</h2>
      <p className="login-muted">{t('login.welcome', { title: t('app.siteTitle') })}</p>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      {qr ? (
        <Suspense fallback={<div className="login-qr"><Spinner label={t('app.loading')} /></div>}>
          <QrLoginPanel onToken={onQrToken} />
        </Suspense>
      ) : (
        <form noValidate onSubmit={form.submit(({ username, password }) => void signIn(username.trim(), password, remember))}>
          <TextField id="username" label={t('login.username')} icon={UserOutlined} autoComplete="username" placeholder={t('login.username')} {...form.bind('username')} />
          <TextField id="password" label={t('login.password')} icon={LockOutlined} secret autoComplete="current-password" placeholder={t('login.password')} {...form.bind('password')} />
          <div className="login-row">
            <Checkbox checked={remember} onChange={setRemember}>
              {t('login.remember')}
            </Checkbox>
            <Link to="/password">{t('forgot.link')}</Link>
          </div>
          <Button variant="primary" htmlType="submit" size="large" block loading={busy}>
            {t('login.submit')}
          </Button>
        </form>
      )}
      <div className="login-row login-links">
        <Button variant="link" onClick={() => setQr(!qr)}>
          {qr ? t('qr.switchToPassword') : t('qr.switchToQr')}
        </Button>
        <Link to={`/register${search}`}>{t('register.title')}</Link>
      </div>
      <p className="login-muted login-demo">{t('login.demoHint')}</p>
    </AuthLayout>
  );
}
