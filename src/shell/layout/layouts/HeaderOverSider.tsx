import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { Brand } from '../Brand';
import { Breadcrumbs, ConsoleHeader, FoldButton } from '../ConsoleHeader';
import { ContentArea } from '../ContentArea';

/** A full-width header (brand, fold button, breadcrumbs, tools) over a side panel and the page. */
export function HeaderOverSider({ sider }: { sider: ReactNode }) {
  return (
    <Layout className="console-frame">
      <ConsoleHeader>
        <Brand />
        <FoldButton />
        <Breadcrumbs />
      </ConsoleHeader>
      <Layout hasSider>
        {sider}
        <Layout className="console-main">
          <ContentArea />
        </Layout>
      </Layout>
    </Layout>
  );
}
