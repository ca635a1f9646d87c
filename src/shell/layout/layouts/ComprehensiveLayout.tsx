import { Layout } from 'antd';
import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { Brand } from '../Brand';
import { Breadcrumbs, ConsoleHeader, FoldButton } from '../ConsoleHeader';
import { ContentArea } from '../ContentArea';
import { SideBar } from '../SideBar';

/** The default: a full-width header (brand, breadcrumbs, tools) over the side menu and the page. */
export default function ComprehensiveLayout() {
  const { menu } = useStore(sessionStore)!;
  return (
    <Layout className="console-frame">
      <ConsoleHeader>
        <Brand />
        <FoldButton />
        <Breadcrumbs />
      </ConsoleHeader>
      <Layout hasSider>
        <SideBar items={menu} />
        <Layout className="console-main">
          <ContentArea />
        </Layout>
      </Layout>
    </Layout>
  );
}
