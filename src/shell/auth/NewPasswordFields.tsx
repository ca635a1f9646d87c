import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MIN_PASSWORD_LENGTH } from '../../contract/validators';
import { useI18n } from '../i18n/I18nProvider';

/**
 * A password and its confirmation, with the spec's §5 messages: a new one replacing the old (reset,
 * change), or the first one (registration: 密码 / 确认密码).
 */
export function NewPasswordFields({ first = false }: { first?: boolean }) {
  const { t } = useI18n();
  const label = first ? t('login.password') : t('form.newPassword');
  const confirm = first ? t('form.confirmPassword') : t('form.confirmNewPassword');
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[{ required: true, min: MIN_PASSWORD_LENGTH, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={label} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirm}
        dependencies={['password']}
        rules={[
          { required: true, message: t('form.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('form.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={confirm} />
      </Form.Item>
    </>
  );
}
