import { settings } from '../../contract/settings';
import { createStore } from '../store';

export type Device = 'desktop' | 'mobile';

const query = globalThis.matchMedia?.(`(max-width: ${settings.mobileWidth - 0.02}px)`);

/** 'mobile' below the spec's 992 px, live as the window is resized or a phone turns. */
export const deviceStore = createStore<Device>(query?.matches ? 'mobile' : 'desktop');

query?.addEventListener('change', (event) => deviceStore.set(event.matches ? 'mobile' : 'desktop'));
