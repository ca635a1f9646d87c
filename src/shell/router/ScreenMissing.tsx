import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useStore } from '../store';
import { menuRoutes, sessionStore } from '../auth/session';
import { accessSubject } from '../auth/Permission';
import { useI18n } from '../i18n/I18nProvider';

const DESIGNER_VIEW = 'setting/designer';

/**
 * A menu page whose view has no screen yet. An admin, who can make one, is told which view it is and
 * given the way to the 页面设计器 (when their menu holds it); anyone else is told plainly that the page
 * is not ready, in no developer's words.
 */
export function ScreenMissing({ vuePath }: { vuePath: string }) {
  const { t } = useI18n();
  const session = useStore(sessionStore);
  const navigate = useNavigate();
  if (!accessSubject(session).admin) return <Result status="info" title={t('screen.notReady')} subTitle={t('screen.notReadyHint')} />;
  const designer = session ? [...menuRoutes(session.menu).values()].find((item) => item.vue_path === DESIGNER_VIEW) : undefined;
  return (
    <Result
      status="info"
      title={t('screen.notBuilt')}
      subTitle={t('screen.notBuiltHint', { vuePath })}
      extra={designer && <Button type="primary" onClick={() => void navigate(designer.path)}>{t('screen.openDesigner')}</Button>}
    />
  );
}
