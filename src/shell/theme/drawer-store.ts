import { createStore } from '../store';

/** Whether the theme drawer is open: the header tool, the floating button and the drawer share it. */
export const themeDrawerStore = createStore(false);
