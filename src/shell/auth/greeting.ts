import type { MessageKey } from '../i18n/types';

/** Greeting by the hour of the day, for the login page. */
export function greetingKey(hour: number): MessageKey {
  if (hour < 6) return 'greeting.night';
  if (hour < 11) return 'greeting.morning';
  if (hour < 13) return 'greeting.noon';
  if (hour < 18) return 'greeting.afternoon';
  return 'greeting.evening';
}
