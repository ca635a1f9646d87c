import { Result } from 'antd';
import { useStore } from '../store';
import { sessionStore } from '../auth/session';
import { accessSubject } from '../auth/Permission';
import { useI18n } from '../i18n/I18nProvider';

/**
 * A menu page whose view has no screen yet. An admin, who can make one, is told the view id and
 * where (页面设计器); anyone else is told plainly that the page is not ready, in no developer's words.
 */
export function ScreenMissing({ vuePath }: { vuePath: string }) {
  const { t } = useI18n();
  const admin = accessSubject(useStore(sessionStore)).admin;
  return admin ? (
    <Result status="info" title={t('screen.notFound')} subTitle={t('screen.notFoundHint', { vuePath })} />
  ) : (
    <Result status="info" title={t('screen.notReady')} subTitle={t('screen.notReadyHint')} />
  );
}
