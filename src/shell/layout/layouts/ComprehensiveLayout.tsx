import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { SideBar } from '../SideBar';
import { HeaderOverSider } from './HeaderOverSider';

/** The default: a full-width header (brand, breadcrumbs, tools) over the side menu and the page. */
export default function ComprehensiveLayout() {
  const { menu } = useStore(sessionStore)!;
  return <HeaderOverSider sider={<SideBar items={menu} />} />;
}
