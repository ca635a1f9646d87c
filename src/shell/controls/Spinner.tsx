import './controls.css';
import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { Icon } from './Icon';

/** A turning ring: inside a busy button, or alone (with its label for screen readers) while something loads. */
export function Spinner({ label }: { label?: string }) {
  const ring = <Icon icon={LoadingOutlined} className="auth-spin" />;
  return label ? (
    <span role="status" aria-label={label} className="auth-spinner">
      {ring}
    </span>
  ) : (
    ring
  );
}
