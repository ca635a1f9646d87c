import { useCallback } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Button, Form, Input } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { request } from '../request/client';
import { settings } from '../../contract/settings';
import { useI18n } from '../i18n/I18nProvider';
import { AuthLayout } from './AuthLayout';
import { MobileCodeFields } from './MobileCodeFields';
import { NewPasswordFields } from './NewPasswordFields';
import { useFinishLogin } from './useFinishLogin';
import { useAsyncAction } from '../hooks/useAsyncAction';

interface RegisterForm {
  username: string;
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** Self-registration with a mobile code; the new account lands logged in on its home. */
export default function RegisterPage() {
  const { t } = useI18n();
  const [form] = Form.useForm<RegisterForm>();
  const { search } = useLocation();
  const finishLogin = useFinishLogin();
  const { busy, error, run: submit } = useAsyncAction(
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
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<RegisterForm> form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[
            { required: true, whitespace: true, message: t('login.usernameRequired') },
            { pattern: /^[A-Za-z0-9_.-]+$/, message: t('register.usernameRule') },
          ]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" maxLength={64} placeholder={t('login.username')} />
        </Form.Item>
        <MobileCodeFields form={form} scene="register" />
        <NewPasswordFields first />
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          {t('register.submit')}
        </Button>
      </Form>
      <div className="login-row login-links">
        <Link to={`/login${search}`}>{t('register.haveAccount')}</Link>
      </div>
    </AuthLayout>
  );
}
