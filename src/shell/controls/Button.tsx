import './controls.css';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'default' | 'link' | 'text';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  variant?: Variant;
  size?: 'small' | 'middle' | 'large';
  /** The full width of its container. */
  block?: boolean;
  /** A turning ring before the label; clicks are ignored meanwhile. */
  loading?: boolean;
  icon?: ReactNode;
  htmlType?: 'button' | 'submit';
}

// Two Chinese characters alone read as one word set apart: "登 录", as the console's buttons write them.
const TWO_HAN = /^\p{Script=Han}{2}$/u;

/** The signed-out pages' button. */
export function Button({ variant = 'default', size = 'middle', block, loading, icon, htmlType = 'button', className, children, onClick, ...rest }: ButtonProps) {
  const label = typeof children === 'string' && TWO_HAN.test(children) ? `${children[0]} ${children[1]}` : children;
  const classes = ['auth-button', `auth-button-${variant}`, `auth-button-${size}`, block && 'auth-button-block', loading && 'auth-button-loading', className];
  return (
    <button
      {...rest}
      type={htmlType}
      className={classes.filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      // Busy: a click neither acts nor submits its form again.
      onClick={loading ? (event) => event.preventDefault() : onClick}
    >
      {loading ? <Spinner /> : icon}
      {label !== undefined && <span>{label}</span>}
    </button>
  );
}
