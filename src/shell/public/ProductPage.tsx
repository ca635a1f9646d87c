import { Card, Col, Row } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';
import { AREA_ICONS, LinkButton, PublicFrame } from './PublicFrame';
import { BaoJiaForm } from './BaoJiaForm';

const SECTIONS = [
  {
    icon: AREA_ICONS.quote,
    title: 'portal.areas.quote.title',
    summary: 'portal.features.quote.summary',
    items: ['portal.features.quote.spot', 'portal.features.quote.transfer', 'portal.features.quote.handling', 'portal.features.quote.addPrice'],
  },
  {
    icon: AREA_ICONS.reconcile,
    title: 'portal.areas.reconcile.title',
    summary: 'portal.features.reconcile.summary',
    items: ['portal.features.reconcile.shipments', 'portal.features.reconcile.bills', 'portal.features.reconcile.orders'],
  },
  {
    icon: AREA_ICONS.goods,
    title: 'portal.areas.goods.title',
    summary: 'portal.features.goods.summary',
    items: ['portal.features.goods.list', 'portal.features.goods.statistics', 'portal.features.goods.poster', 'portal.features.goods.workOrders'],
  },
  {
    icon: AREA_ICONS.team,
    title: 'portal.features.team.title',
    summary: 'portal.features.team.summary',
    items: ['portal.features.team.users', 'portal.features.team.roles', 'portal.features.team.departments', 'portal.features.team.notices'],
  },
] as const;

/** /product: what each module of the console does, for visitors weighing it up. */
export default function ProductPage() {
  const { t } = useI18n();
  return (
    <PublicFrame title="portal.product">
      <section className="portal-hero portal-hero-compact">
        <h1>{t('portal.features.headline')}</h1>
        <p>{t('portal.features.intro')}</p>
      </section>
      <section className="portal-section">
        <Row gutter={[24, 24]}>
          {SECTIONS.map((section) => (
            <Col key={section.title} xs={24} lg={12}>
              <Card className="portal-card">
                <span className="portal-icon">{section.icon}</span>
                <h2>{t(section.title)}</h2>
                <p>{t(section.summary)}</p>
                <ul className="portal-list">
                  {section.items.map((item) => (
                    <li key={item}>
                      <CheckOutlined />
                      {t(item)}
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <section className="portal-section">
        <BaoJiaForm />
      </section>
      <section className="portal-section portal-band portal-cta">
        <h2>{t('portal.features.ctaTitle')}</h2>
        <p>{t('portal.features.ctaText')}</p>
        <div className="portal-buttons">
          <LinkButton to="/register" type="primary" size="large">
            {t('portal.register')}
          </LinkButton>
          <LinkButton to="/login" size="large">
            {t('portal.login')}
          </LinkButton>
        </div>
      </section>
    </PublicFrame>
  );
}
