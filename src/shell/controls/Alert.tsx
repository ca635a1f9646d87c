import './controls.css';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { Icon } from './Icon';

/** A failure told above a form: the server's message, read out when it appears. */
export function ErrorAlert({ children }: { children: string }) {
  return (
    <div role="alert" className="auth-alert">
      <Icon icon={CloseCircleFilled} className="auth-alert-icon" />
      <span>{children}</span>
    </div>
  );
}
