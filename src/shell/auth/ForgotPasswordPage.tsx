import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { AuthLayout } from './AuthLayout';
import { MobileCodeFields } from './MobileCodeFields';
import { NewPasswordFields } from './NewPasswordFields';
import { useAsyncAction } from '../hooks/useAsyncAction';
import { fieldRules } from './field-rules';
import { useFormFields } from '../controls/useFormFields';
import { Button } from '../controls/Button';
import { ErrorAlert } from '../controls/Alert';
import { Icon } from '../controls/Icon';

const EMPTY = { mobile: '', code: '', password: '', confirm: '' };
type ResetForm = typeof EMPTY;

/** Forgot password: a code to the bound mobile, then a new password; every login ends. */
export default function ForgotPasswordPage() {
  const { t } = useI18n();
  const form = useFormFields<ResetForm>(EMPTY, {
    mobile: fieldRules.mobile,
    code: fieldRules.code,
    password: fieldRules.password,
    confirm: fieldRules.confirm,
  });
  const [done, setDone] = useState(false);
  const { busy, error, run: reset } = useAsyncAction(
    useCallback(async ({ mobile, code, password }: ResetForm) => {
      await request('/api/public/reset-password', { body: { mobile, code, password }, silent: true });
      setDone(true);
    }, []),
  );

  return (
    <AuthLayout title="forgot.title">
      {done ? (
        <div className="auth-result" role="status">
          <Icon icon={CheckCircleFilled} className="auth-result-icon" />
          <h2 className="login-greeting">{t('forgot.done')}</h2>
          <p className="login-muted">{t('forgot.doneHint')}</p>
          <Link to="/login" className="auth-button auth-button-primary auth-button-large">
            {t('forgot.backToLogin')}
          </Link>
        </div>
      ) : (
        <>
          <h2 className="login-greeting">{t('forgot.title')}</h2>
          <p className="login-muted">{t('forgot.subtitle')}</p>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <form noValidate onSubmit={form.submit((values) => void reset(values))}>
            <MobileCodeFields form={form} scene="reset" />
            <NewPasswordFields form={form} />
            <Button variant="primary" htmlType="submit" size="large" block loading={busy}>
              {t('forgot.submit')}
            </Button>
          </form>
          <div className="login-row login-links">
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
