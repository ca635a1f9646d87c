import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Form, Result } from 'antd';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { AuthLayout } from './AuthLayout';
import { MobileCodeFields } from './MobileCodeFields';
import { NewPasswordFields } from './NewPasswordFields';
import { useAsyncAction } from '../hooks/useAsyncAction';

interface ResetForm {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** Forgot password: a code to the bound mobile, then a new password; every login ends. */
export default function ForgotPasswordPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<ResetForm>();
  const [done, setDone] = useState(false);
  const { busy, error, run: submit } = useAsyncAction(
    useCallback(async ({ mobile, code, password }: ResetForm) => {
      await request('/api/public/reset-password', { body: { mobile, code, password }, silent: true });
      setDone(true);
    }, []),
  );

  return (
    <AuthLayout title="forgot.title">
      {done ? (
        <Result
          status="success"
          title={t('forgot.done')}
          subTitle={t('forgot.doneHint')}
          extra={
            <Link to="/login">
              <Button type="primary">{t('forgot.backToLogin')}</Button>
            </Link>
          }
        />
      ) : (
        <>
          <h2 className="login-greeting">{t('forgot.title')}</h2>
          <p className="login-muted">{t('forgot.subtitle')}</p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form<ResetForm> form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
            <MobileCodeFields form={form} scene="reset" />
            <NewPasswordFields />
            <Button type="primary" htmlType="submit" size="large" block loading={busy}>
              {t('forgot.submit')}
            </Button>
          </Form>
          <div className="login-row login-links">
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
