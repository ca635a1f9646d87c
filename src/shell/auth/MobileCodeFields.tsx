import { useEffect, useState } from 'react';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import type { CodeScene, SendCodeData } from '../../contract/api/account';
import { useI18n } from '../i18n/I18nProvider';
import { request } from '../request/client';
import { errorText } from '../hooks/useAsyncAction';
import { Button } from '../controls/Button';
import { TextField } from '../controls/TextField';
import type { FormFields } from '../controls/useFormFields';

/**
 * Mobile number and SMS code with a "send code" button that counts down the server's 60 s. In demo
 * mode the server returns the code, which is filled in and shown so a new user can try the flow.
 */
export function MobileCodeFields<V extends { mobile: string; code: string }>({ form, scene }: { form: FormFields<V>; scene: CodeScene }) {
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
    if (!form.isValid('mobile')) {
      form.reveal('mobile');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const data = await request<SendCodeData>('/api/public/send-code', { body: { mobile: form.values.mobile, scene }, silent: true });
      setWait(data.retry_after);
      if (data.demo_code) {
        setDemoCode(data.demo_code);
        form.set('code', data.demo_code);
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  const code = form.bind('code');
  return (
    <>
      <TextField id="mobile" label={t('form.mobile')} icon={MobileOutlined} inputMode="numeric" maxLength={11} autoComplete="tel" placeholder={t('form.mobile')} {...form.bind('mobile')} />
      <TextField
        id="code"
        label={t('form.code')}
        icon={SafetyOutlined}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder={t('form.code')}
        {...code}
        // The send's failure first, then the code's own check, then the demo code's hint.
        error={error ?? code.error}
        help={demoCode ? t('form.demoCode', { code: demoCode }) : null}
        addon={
          <Button size="large" className="auth-code-button" onClick={() => void send()} loading={sending} disabled={wait > 0}>
            {wait > 0 ? t('form.resendIn', { seconds: wait }) : t('form.sendCode')}
          </Button>
        }
      />
    </>
  );
}
