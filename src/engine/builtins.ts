/**
 * The engine's built-in renderers and cells. The renderers download only when a screen draws one;
 * the cells are small and every list needs some of them.
 */
import { lazy } from 'react';
import { DEFAULT_RENDERER, renderers } from './renderers';
import '../widgets/cells';

renderers.list.register(DEFAULT_RENDERER, lazy(() => import('./list/ListRenderer')));
