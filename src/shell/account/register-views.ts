import { lazy } from 'react';
import { nativeViews } from '../../engine/native-views';

/** The account views the menu opens by vue_path; each downloads only when opened. */
nativeViews.register('main/password', lazy(() => import('./ChangePasswordView')));
nativeViews.register('main/user-center', lazy(() => import('./UserCenterView')));
