import { NavLink } from 'react-router-dom';
import type { MenuItem } from '../../../contract/api/auth';
import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { useI18n } from '../../i18n/I18nProvider';
import { collapseStore } from '../../theme/settings-store';
import { menuIcon } from '../../router/menu-icons';
import { visible } from '../menu-model';
import { useMenuTheme } from '../SideBar';
import { HeaderOverSider } from './HeaderOverSider';

function PageLink({ item }: { item: MenuItem }) {
  const { lang } = useI18n();
  return (
    <NavLink to={item.path} end className="console-fall-link">
      <span aria-hidden>{menuIcon(item.icon)}</span>
      <span>{item.title[lang]}</span>
    </NavLink>
  );
}

/** A group's pages, its sub-groups as captions over their own pages. */
function FallPages({ items }: { items: MenuItem[] }) {
  const { lang } = useI18n();
  return (
    <ul>
      {visible(items).map((item) => (
        <li key={item.path}>
          {visible(item.children).length > 0 ? (
            <>
              <span className="console-fall-caption">{item.title[lang]}</span>
              <FallPages items={item.children} />
            </>
          ) : (
            <PageLink item={item} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every group open at once, flowing in columns like a waterfall; the fold button hides the panel. */
function FallPanel({ menu }: { menu: MenuItem[] }) {
  const { t, lang } = useI18n();
  const collapsed = useStore(collapseStore);
  return (
    <nav
      className={`console-fall console-fall--${useMenuTheme()}`}
      aria-label={t('layout.menu')}
      hidden={collapsed}
    >
      {visible(menu).map((group) => (
        <section key={group.path} className="console-fall-group">
          {visible(group.children).length > 0 ? (
            <>
              <h3 className="console-fall-title">
                <span aria-hidden>{menuIcon(group.icon)}</span>
                <span>{group.title[lang]}</span>
              </h3>
              <FallPages items={group.children} />
            </>
          ) : (
            <PageLink item={group} />
          )}
        </section>
      ))}
    </nav>
  );
}

/** A header over a wide panel that shows the whole menu expanded, beside the page. */
export default function FallLayout() {
  const { menu } = useStore(sessionStore)!;
  return <HeaderOverSider sider={<FallPanel menu={menu} />} />;
}
