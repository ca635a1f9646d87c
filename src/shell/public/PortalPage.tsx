import { Card, Col, Row } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';
import { AREA_ICONS, LinkButton, PublicFrame } from './PublicFrame';

const AREAS = [
  { icon: AREA_ICONS.quote, title: 'portal.areas.quote.title', text: 'portal.areas.quote.text' },
  { icon: AREA_ICONS.reconcile, title: 'portal.areas.reconcile.title', text: 'portal.areas.reconcile.text' },
  { icon: AREA_ICONS.goods, title: 'portal.areas.goods.title', text: 'portal.areas.goods.text' },
  { icon: AREA_ICONS.message, title: 'portal.areas.message.title', text: 'portal.areas.message.text' },
] as const;

const STEPS = [
  { title: 'portal.steps.register.title', text: 'portal.steps.register.text' },
  { title: 'portal.steps.quote.title', text: 'portal.steps.quote.text' },
  { title: 'portal.steps.settle.title', text: 'portal.steps.settle.text' },
] as const;

/** /portal: the console's public landing page, for visitors who are not signed in. */
export default function PortalPage() {
  const { t } = useI18n();
  return (
    <PublicFrame title="portal.title">
      <section className="portal-hero">
        <h1>{t('portal.hero.headline')}</h1>
        <p>{t('portal.hero.pitch')}</p>
        <div className="portal-buttons">
          <LinkButton to="/login" type="primary" size="large">
            {t('portal.hero.cta')}
          </LinkButton>
          <LinkButton to="/product" size="large" ghost icon={<ArrowRightOutlined />} iconPlacement="end">
            {t('portal.hero.more')}
          </LinkButton>
        </div>
      </section>
      <section className="portal-section">
        <h2>{t('portal.areas.title')}</h2>
        <Row gutter={[24, 24]}>
          {AREAS.map((area) => (
            <Col key={area.title} xs={24} lg={12} xl={6}>
              <Card className="portal-card">
                <span className="portal-icon">{area.icon}</span>
                <h3>{t(area.title)}</h3>
                <p>{t(area.text)}</p>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <section className="portal-section portal-band">
        <h2>{t('portal.steps.title')}</h2>
        <ol className="portal-steps">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className="portal-step-number">{index + 1}</span>
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>
    </PublicFrame>
  );
}
