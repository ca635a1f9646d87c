import { lazy } from 'react';
import { nativeViews } from '../../engine/native-views';

/**
 * The chat menu's views (vue_paths of the menu seed), each downloaded when opened. Registered by
 * the console frame rather than beside the account views, so the login page carries none of it.
 */
nativeViews.register('chat/assistant', lazy(() => import('./ChatAssistantView')));
nativeViews.register('chat/speech', lazy(() => import('./SpeechSynthesisView')));
