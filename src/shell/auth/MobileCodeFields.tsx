import { useEffect, useState } from 'react';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { CodeScene, SendCodeData } from '../../contract/api/account';
import { isMobile, patterns } from '../../contract/validators';
import { useI18n } from '../i18n/I18nProvider';
import { request } from '../request/client';

/**
 * Mobile number and SMS code with a "send code" button that counts down the server's 60 s. In demo
 * mode the server returns the code, which is filled in and shown so a new user can try the flow.
 */
export function MobileCodeFields({ form, scene }: { form: FormInstance; scene: CodeScene }) {
  const { t } = useI18n();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [demoCode, setDemoCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  async function send() {
    const mobile: string = form.getFieldValue('mobile') ?? '';
    if (!isMobile(mobile)) {
      await form.validateFields(['mobile']);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const data = await request<SendCodeData>('/api/public/send-code', { body: { mobile, scene }, silent: true });
      setWait(data.retry_after);
      if (data.demo_code) {
        setDemoCode(data.demo_code);
        form.setFieldValue('code', data.demo_code);
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Form.Item
        name="mobile"
        label={t('form.mobile')}
        rules={[{ required: true, pattern: new RegExp(patterns.mobile), message: t('form.mobileInvalid') }]}
      >
        <Input prefix={<MobileOutlined />} inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={t('form.mobile')} />
      </Form.Item>
      <Form.Item
        label={t('form.code')}
        required
        help={error ?? (demoCode ? t('form.demoCode', { code: demoCode }) : undefined)}
        validateStatus={error ? 'error' : undefined}
      >
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[{ required: true, pattern: new RegExp(patterns.smsCode), message: t('form.codeRequired') }]}>
            <Input prefix={<SafetyOutlined />} inputMode="numeric" maxLength={6} autoComplete="one-time-code" placeholder={t('form.code')} />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={wait > 0} style={{ minWidth: 120 }}>
            {wait > 0 ? t('form.resendIn', { seconds: wait }) : t('form.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
