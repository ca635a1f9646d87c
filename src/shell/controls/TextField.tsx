import './controls.css';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import { useI18n } from '../i18n/I18nProvider';
import { Icon } from './Icon';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'type' | 'size'>;

export interface TextFieldProps extends InputProps {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  icon: IconDefinition;
  /** A password: hidden, with a switch to show it. */
  secret?: boolean;
  /** What is wrong with the value (red, read out), or else a hint under the field. */
  error?: string | null;
  help?: string | null;
  /** A button joined to the field's right edge (send code). */
  addon?: ReactNode;
}

/** A labelled text field of the signed-out pages: icon, input, its error or hint beneath. */
export function TextField({ id, label, value, onValue, icon, secret, error, help, addon, ...input }: TextFieldProps) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  const message = error ?? help;
  const messageId = `${id}-message`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className={addon ? 'auth-compact' : undefined}>
        <span className={error ? 'auth-input auth-input-error' : 'auth-input'}>
          <Icon icon={icon} className="auth-input-prefix" />
          <input
            {...input}
            id={id}
            type={secret && !shown ? 'password' : 'text'}
            value={value}
            onChange={(e) => onValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={message ? messageId : undefined}
          />
          {secret && (
            // Out of the tab order, as before: Tab goes from the password straight on to the form's next control.
            <button type="button" tabIndex={-1} className="auth-input-reveal" aria-label={t(shown ? 'login.hidePassword' : 'login.showPassword')} aria-pressed={shown} onClick={() => setShown(!shown)}>
              <Icon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          )}
        </span>
        {addon}
      </div>
      <div id={messageId} className={error ? 'auth-field-message auth-field-error' : 'auth-field-message'} role={error ? 'alert' : undefined}>
        {message}
      </div>
    </div>
  );
}
