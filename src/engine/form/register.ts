/**
 * Registers the form renderer under the name the engine looks renderers up by. The renderer, rjsf,
 * its validator and the form widgets download only when the first form opens.
 */
import { lazy } from 'react';
import { renderers } from '../renderers';

export const FORM_RENDERER = 'default';

renderers.form.register(FORM_RENDERER, lazy(() => import('./FormRenderer')));
