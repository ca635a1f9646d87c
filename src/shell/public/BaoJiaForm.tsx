/**
 * Public asking (bao-jia) on /product and on a shared quotation (/share): a customer without an
 * account asks for a price — goods, spec, quantity, contact name and a mainland mobile number —
 * and gets a reference number to quote on the phone. With a quotation link's token the ask goes
 * to that link's team; without, to the operation team. The server checks the same rules again.
 */
import { useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Result, Row, Typography } from 'antd';
import type { BaoJiaAnswer, BaoJiaBody } from '../../contract/api/quoting';
import { patterns } from '../../contract/validators';
import { request } from '../request/client';
import { useI18n } from '../i18n/I18nProvider';
import { useFormName } from '../../widgets/interface/form-name';

type Values = Omit<BaoJiaBody, 'token'>;
const MOBILE = new RegExp(patterns.mobile);

export function BaoJiaForm({ token }: { token?: string }) {
  const formName = useFormName('baojia');
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<BaoJiaAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(values: Values) {
    setSending(true);
    setError(null);
    try {
      setAnswer(await request<BaoJiaAnswer>('/api/public/bao-jia', { body: { ...values, ...(token ? { token } : {}) }, silent: true }));
    } catch (failed) {
      setError(failed instanceof Error ? failed.message : t('baojia.failed'));
    } finally {
      setSending(false);
    }
  }

  if (answer) {
    return (
      <Card className="portal-card baojia-card">
        <Result
          status="success"
          title={t('baojia.sent')}
          subTitle={
            <>
              {t('baojia.refIs')} <Typography.Text strong copyable data-testid="baojia-ref">{answer.ref}</Typography.Text>
              <br />
              {t('baojia.sentHint')}
            </>
          }
          extra={<Button onClick={() => (form.resetFields(), setAnswer(null))}>{t('baojia.again')}</Button>}
        />
      </Card>
    );
  }
  const required = (label: string) => ({ required: true, whitespace: true, message: t('baojia.required', { field: label }) });
  return (
    <Card className="portal-card baojia-card" title={t('baojia.title')} id="bao-jia">
      <Typography.Paragraph type="secondary">{t('baojia.intro')}</Typography.Paragraph>
      <Form name={formName} form={form} layout="vertical" onFinish={(v) => void send(v)} initialValues={{ quantity: 1 }} data-testid="baojia-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="goods_name" label={t('baojia.goods')} rules={[required(t('baojia.goods'))]}>
              <Input maxLength={200} placeholder={t('baojia.goodsPlaceholder')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="spec" label={t('baojia.spec')}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="quantity" label={t('baojia.quantity')} rules={[{ required: true, message: t('baojia.required', { field: t('baojia.quantity') }) }]}>
              <InputNumber min={1} max={10_000_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="contact_name" label={t('baojia.contact')} rules={[required(t('baojia.contact'))]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="mobile" label={t('baojia.mobile')} rules={[required(t('baojia.mobile')), { pattern: MOBILE, message: t('baojia.mobileInvalid') }]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
        {error && <Typography.Paragraph type="danger" role="alert">{error}</Typography.Paragraph>}
        <Button type="primary" htmlType="submit" loading={sending} size="large">
          {t('baojia.submit')}
        </Button>
      </Form>
    </Card>
  );
}
