import { ColorMode } from '../theme/ColorMode';
import LockScreen from '../auth/LockScreen';

/** The lock screen, light or dark as the console was: one lazy chunk with the antd configuration it draws in. */
export default function LockScreenInColor() {
  return (
    <ColorMode>
      <LockScreen />
    </ColorMode>
  );
}
