import { useState } from 'react';
import { Drawer, Layout } from 'antd';
import { settings } from '../../../contract/settings';
import { useStore } from '../../store';
import { sessionStore } from '../../auth/session';
import { deviceStore } from '../../theme/settings-store';
import { Brand } from '../Brand';
import { ConsoleHeader, FoldButton } from '../ConsoleHeader';
import { ContentArea } from '../ContentArea';
import { SideBar, SideMenu } from '../SideBar';

/**
 * The side menu from top to bottom, the header beside it. On a phone the menu moves into a drawer
 * opened from the header: this is every layout's mobile form.
 */
export default function VerticalLayout() {
  const { menu } = useStore(sessionStore)!;
  const mobile = useStore(deviceStore) === 'mobile';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const close = () => setDrawerOpen(false);
  return (
    <Layout hasSider={!mobile} className="console-frame">
      {!mobile && <SideBar items={menu} brand />}
      <Layout className="console-main">
        <ContentArea
          header={
            <ConsoleHeader>
              {mobile ? (
                <>
                  <FoldButton onClick={() => setDrawerOpen(true)} />
                  <Brand />
                </>
              ) : (
                <FoldButton />
              )}
            </ConsoleHeader>
          }
        />
      </Layout>
      {mobile && (
        <Drawer
          className="console-menu-drawer"
          placement="left"
          size={settings.menuWidthFallback}
          open={drawerOpen}
          onClose={close}
          title={<Brand />}
        >
          <SideMenu items={menu} onNavigate={close} />
        </Drawer>
      )}
    </Layout>
  );
}
