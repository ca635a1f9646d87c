import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { MIN_PASSWORD_LENGTH } from '../../contract/validators';
import { useI18n } from '../i18n/I18nProvider';

/** A new password and its confirmation, with the spec's §5 messages. */
export function NewPasswordFields({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <>
      <Form.Item
        name="password"
        label={label ?? t('form.newPassword')}
        rules={[{ required: true, min: MIN_PASSWORD_LENGTH, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('form.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('form.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('form.passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
