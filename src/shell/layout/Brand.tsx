import { settings } from '../../contract/settings';
import { useStore } from '../store';
import { useI18n } from '../i18n/I18nProvider';
import { logoStore, titleStore } from '../theme/settings-store';

/** The site title: the default one translated, one set under the `title` key as it was set. */
export function useSiteTitle(): string {
  const { t } = useI18n();
  const title = useStore(titleStore);
  return title === settings.title ? t('app.siteTitle') : title;
}

export function Brand({ collapsed = false }: { collapsed?: boolean }) {
  const logo = useStore(logoStore);
  const title = useSiteTitle();
  return (
    <div className="console-brand">
      <img src={logo} alt="" />
      {!collapsed && <span>{title}</span>}
    </div>
  );
}
