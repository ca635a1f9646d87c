import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Descriptions, Result } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';

/** Where a notice click lands (spec §2): the asking record named by the query `name`. */
export default function HandleFindView() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [query] = useSearchParams();
  const name = query.get('name');
  const back = (
    // Opened straight from an address there is no page to go back to, so back leads home.
    <Button icon={<ArrowLeftOutlined />} onClick={() => (location.key === 'default' ? navigate('/') : navigate(-1))}>
      {t('notice.back')}
    </Button>
  );

  if (!name) return <Result status="warning" title={t('notice.findMissing')} extra={back} />;
  return (
    <Card title={t('notice.findTitle')} extra={back}>
      <Descriptions column={1} items={[{ key: 'name', label: t('notice.findRecord'), children: <span data-testid="find-id">{name}</span> }]} />
    </Card>
  );
}
