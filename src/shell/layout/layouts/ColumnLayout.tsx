import { Layout } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../../contract/api/auth';
import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { useI18n } from '../../i18n/I18nProvider';
import { themeStore } from '../../theme/settings-store';
import { Brand } from '../Brand';
import { Breadcrumbs, ConsoleHeader, FoldButton } from '../ConsoleHeader';
import { ContentArea } from '../ContentArea';
import { menuIcon } from '../../router/menu-icons';
import { currentGroup, firstPage, labelWidth, visible } from '../menu-model';
import { SideBar, useMenuTheme } from '../SideBar';

/** Room around a rail label: the item's padding, and in the horizontal style the icon beside it. */
const RAIL_CHROME = { stacked: { min: 76, label: 12, around: 24 }, horizontal: { min: 128, label: 13, around: 64 } };

/** The narrow first column: one entry per top-level group, drawn in the theme's column style. */
function ColumnRail({ groups, active }: { groups: MenuItem[]; active?: MenuItem }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { columnStyle } = useStore(themeStore);
  const chrome = RAIL_CHROME[columnStyle === 'horizontal' ? 'horizontal' : 'stacked'];
  // Wide enough for the longest group name, so English names are not cut short either.
  const width = Math.max(chrome.min, ...groups.map((group) => Math.ceil(labelWidth(group.title[lang], chrome.label) + chrome.around)));
  return (
    <nav
      className={`console-rail console-rail--${columnStyle} console-rail--${useMenuTheme()}`}
      style={{ width }}
      aria-label={t('layout.menu')}
    >
      <Brand collapsed />
      {groups.map((group) => (
        <button
          key={group.path}
          type="button"
          className="console-rail-item"
          aria-current={group === active ? 'page' : undefined}
          title={group.title[lang]}
          onClick={() => {
            const page = firstPage(group);
            if (page) navigate(page);
          }}
        >
          <span className="console-rail-icon" aria-hidden>
            {menuIcon(group.icon)}
          </span>
          <span className="console-rail-label">{group.title[lang]}</span>
        </button>
      ))}
    </nav>
  );
}

/** Two menu columns: the groups, then the pages of the open group under its name. */
export default function ColumnLayout() {
  const { lang } = useI18n();
  const { menu } = useStore(sessionStore)!;
  const { pathname } = useLocation();
  const group = currentGroup(menu, pathname);
  const pages = visible(group?.children ?? []);
  return (
    <Layout hasSider className="console-frame">
      <ColumnRail groups={visible(menu)} active={group} />
      {group && pages.length > 0 && <SideBar items={pages} title={group.title[lang]} />}
      <Layout className="console-main">
        <ContentArea
          header={
            <ConsoleHeader>
              {pages.length > 0 && <FoldButton />}
              <Breadcrumbs />
            </ConsoleHeader>
          }
        />
      </Layout>
    </Layout>
  );
}
