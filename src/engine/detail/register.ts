/** Registers the detail renderer; it downloads when the first detail opens. */
import { lazy } from 'react';
import { renderers } from '../renderers';

export const DETAIL_RENDERER = 'default';

renderers.detail.register(DETAIL_RENDERER, lazy(() => import('./DetailRenderer')));
