import { Layout } from 'antd';
import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { Brand } from '../Brand';
import { ConsoleHeader } from '../ConsoleHeader';
import { ContentArea } from '../ContentArea';
import { TopMenu } from '../SideBar';

/** No side column: the whole menu is a bar in the header, its groups opening as pop-ups. */
export default function HorizontalLayout() {
  const { menu } = useStore(sessionStore)!;
  return (
    <Layout className="console-frame">
      <ConsoleHeader>
        <Brand />
        <TopMenu items={menu} />
      </ConsoleHeader>
      <ContentArea />
    </Layout>
  );
}
