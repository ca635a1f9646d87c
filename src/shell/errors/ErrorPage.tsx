import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useI18n } from '../i18n/I18nProvider';
import { usePageTitle } from '../i18n/page-title';

export type ErrorStatus = '403' | '404' | '500' | '503';

const RESULT_STATUS = { '403': '403', '404': '404', '500': '500', '503': '500' } as const;

/** The error pages: an apology, a headline, a hint and a way back home. */
export default function ErrorPage({ status }: { status: ErrorStatus }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  usePageTitle(t(`error.page${status}`));
  return (
    <Result
      status={RESULT_STATUS[status]}
      title={t(`error.title${status}`)}
      subTitle={t(`error.hint${status}`)}
      style={{ paddingTop: '12vh' }}
      extra={[
        <Button key="home" type="primary" onClick={() => navigate('/', { replace: true })}>
          {t('error.home')}
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          {t('error.back')}
        </Button>,
      ]}
    />
  );
}
