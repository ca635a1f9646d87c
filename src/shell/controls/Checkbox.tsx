import './controls.css';
import type { ReactNode } from 'react';

/** A native checkbox drawn as the console's, its label the clickable text beside it. */
export function Checkbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="auth-checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}
