/**
 * The engine's built-in renderers and widgets, and the bespoke widgets of the product's areas. The
 * renderers download only when a screen draws one; the cells are small and every list needs some.
 */
import { lazy } from 'react';
import { DEFAULT_RENDERER, renderers } from './renderers';
import '../widgets/cells';
import '../widgets/goods';
import './form/register';
import './detail/register';

renderers.list.register(DEFAULT_RENDERER, lazy(() => import('./list/ListRenderer')));
