import { Spin } from 'antd';
import { settings } from '../../contract/settings';

export function Loading({ tip = settings.loadingText }: { tip?: string }) {
  return (
    <div style={{ display: 'flex', minHeight: '60vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" description={tip} />
    </div>
  );
}
