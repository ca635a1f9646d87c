/**
 * The wall display's chart colours: fixed, since the screen stays dark in the light theme too.
 * Only the lazily loaded chart modules import this.
 */
export const SCREEN_PALETTE = ['#3ba0ff', '#36cfc9', '#f6bd16', '#ff7a45', '#9d70ff', '#5ad8a6'];
export const SCREEN_TEXT = '#c9d7ee';
export const SCREEN_AXIS = '#8ea3c4';
export const SCREEN_SPLIT = 'rgba(120, 160, 220, 0.14)';
export const SCREEN_TOOLTIP = { backgroundColor: 'rgba(8, 20, 44, 0.92)', borderColor: '#2b4a7a', textStyle: { color: SCREEN_TEXT } };
