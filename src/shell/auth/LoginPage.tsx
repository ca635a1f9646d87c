import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Checkbox, Form, Input, Segmented, Typography, App as AntApp } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { settings } from '../../contract/settings';
import { useI18n } from '../i18n/I18nProvider';
import { LANGUAGES } from '../i18n/translate';
import type { Language } from '../i18n/types';
import { greetingKey } from './greeting';
import { homePath, loadSession, login, resetSession } from './session';
import { safeRedirect } from './redirect';
import './login.css';

interface LoginForm {
  username: string;
  password: string;
  remember: boolean;
}

const REMEMBERED_USER = 'rememberedUser';

export default function LoginPage() {
  const { t, lang, setLanguage } = useI18n();
  const { message } = AntApp.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(params.get('reason'));
  const [busy, setBusy] = useState(false);
  const remembered = localStorage.getItem(REMEMBERED_USER) ?? '';

  async function submit(values: LoginForm) {
    setBusy(true);
    setError(null);
    try {
      await login(values.username, values.password);
      if (values.remember) localStorage.setItem(REMEMBERED_USER, values.username);
      else localStorage.removeItem(REMEMBERED_USER);
      const session = await loadSession();
      message.success(t('login.success'));
      navigate(safeRedirect(params.get('redirect')) ?? homePath(session), { replace: true });
    } catch (e) {
      // A login that half-worked (token but no valid profile) must not leave a token behind.
      resetSession();
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-page">
      <div className="login-brand">
        <img src="/favicon.svg" alt="" className="login-logo" />
        <Typography.Title level={2} className="login-brand-title">
          {settings.title}
        </Typography.Title>
        <Typography.Paragraph className="login-brand-sub">{t('login.subtitle')}</Typography.Paragraph>
      </div>
      <div className="login-panel">
        <div className="login-lang">
          <Segmented<Language>
            size="small"
            value={lang}
            options={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
            onChange={setLanguage}
          />
        </div>
        <div className="login-card">
          <Typography.Title level={3} style={{ marginBottom: 4 }}>
            {t(greetingKey(new Date().getHours()))}！
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('login.welcome', { title: settings.title })}</Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form<LoginForm>
            layout="vertical"
            size="large"
            requiredMark={false}
            initialValues={{ username: remembered, remember: remembered !== '' }}
            onFinish={submit}
          >
            <Form.Item name="username" label={t('login.username')} rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.username')} />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, min: 6, message: t('login.passwordRequired') }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('login.password')} />
            </Form.Item>
            <Form.Item name="remember" valuePropName="checked">
              <Checkbox>{t('login.remember')}</Checkbox>
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('login.submit')}
            </Button>
          </Form>
          <Typography.Paragraph type="secondary" className="login-demo">
            {t('login.demoHint')}
          </Typography.Paragraph>
        </div>
      </div>
    </div>
  );
}
