import { Layout } from 'antd';
import { useLocation } from 'react-router-dom';
import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { Brand } from '../Brand';
import { ConsoleHeader, FoldButton } from '../ConsoleHeader';
import { ContentArea } from '../ContentArea';
import { currentGroup, visible } from '../menu-model';
import { SideBar, TopMenu } from '../SideBar';

/** The top-level groups in the header; the side menu holds the pages of the open group. */
export default function CommonLayout() {
  const { menu } = useStore(sessionStore)!;
  const { pathname } = useLocation();
  const pages = visible(currentGroup(menu, pathname)?.children ?? []);
  return (
    <Layout className="console-frame">
      <ConsoleHeader>
        <Brand />
        {pages.length > 0 && <FoldButton />}
        <TopMenu items={menu} depth={1} />
      </ConsoleHeader>
      <Layout hasSider={pages.length > 0}>
        {pages.length > 0 && <SideBar items={pages} />}
        <Layout className="console-main">
          <ContentArea />
        </Layout>
      </Layout>
    </Layout>
  );
}
