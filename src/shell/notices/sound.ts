import { debounce } from 'throttle-debounce';
import { settings } from '../../contract/settings';

const BEEP_SECONDS = 0.18;
const BEEP_HZ = 880;

let context: AudioContext | undefined;

/** A short beep made by an oscillator, so no audio file has to ship with the console. */
function beep(): void {
  try {
    context ??= new AudioContext();
    // Until the user has interacted with the page the browser keeps audio suspended; the beep is then silent.
    context.resume().catch(() => undefined);
    const start = context.currentTime;
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.setValueAtTime(BEEP_HZ, start);
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + BEEP_SECONDS);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + BEEP_SECONDS);
  } catch {
    // No Web Audio, or playback refused: the pop-up alone still tells the user.
  }
}

/** One beep for a burst of pop-ups (spec §9). */
export const playNoticeSound = debounce(settings.noticeSoundDebounce, beep);
