import { settings } from '../../contract/settings';
import { createStore } from '../store';
import { shellEvents } from '../events';

/**
 * Whether the console is locked. Persisted under the spec's `lock` key so a reload lands on the
 * lock screen again; the server holds the truth (205 until unlocked) and this mirrors it.
 */
export const lockStore = createStore<boolean>(globalThis.localStorage?.getItem(settings.storageKeys.lock) === 'true');

lockStore.subscribe((locked) => {
  if (locked) localStorage.setItem(settings.storageKeys.lock, 'true');
  else localStorage.removeItem(settings.storageKeys.lock);
});

shellEvents.on('session:locked', () => lockStore.set(true));
