import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { resetSession } from '../auth/session';
import { NewPasswordFields } from './NewPasswordFields';
import { useAsyncAction } from '../hooks/useAsyncAction';
import { useFormName } from '../../widgets/interface/form-name';

interface ChangeForm {
  old_password: string;
  password: string;
  confirm: string;
}

/** Change password: the server ends every login of the user, so the console returns to login. */
export default function ChangePasswordView() {
  const formName = useFormName('password');
  const { t } = useI18n();
  const navigate = useNavigate();
  const { busy, error, run: submit } = useAsyncAction(
    useCallback(
      async ({ old_password, password }: ChangeForm) => {
        await request('/api/index/change-password', { body: { old_password, password }, silent: true });
        resetSession();
        navigate(`/login?${new URLSearchParams({ reason: t('changePassword.done') })}`, { replace: true });
      },
      [navigate, t],
    ),
  );

  return (
    <Card title={t('changePassword.title')} style={{ maxWidth: 520 }}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<ChangeForm> name={formName} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item name="old_password" label={t('changePassword.oldPassword')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('changePassword.submit')}
        </Button>
      </Form>
    </Card>
  );
}
