import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';
import { fieldRules } from '../auth/field-rules';

/**
 * In an antd form: a new password replacing the old and its confirmation, with the spec's §5 messages
 * (the signed-out pages' rules, auth/field-rules).
 */
export function NewPasswordFields() {
  const { t } = useI18n();
  const label = t('form.newPassword');
  const confirm = t('form.confirmNewPassword');
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[{ required: true, validator: (_, value?: string) => checked(fieldRules.password(value ?? '')) }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={label} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={confirm}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            required: true,
            validator: (_, value?: string) => checked(fieldRules.confirm(value ?? '', { password: getFieldValue('password') ?? '' })),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder={confirm} />
      </Form.Item>
    </>
  );

  function checked(error: ReturnType<typeof fieldRules.password>) {
    return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
  }
}
