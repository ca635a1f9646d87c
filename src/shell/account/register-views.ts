import { lazy } from 'react';
import { nativeViews } from '../../engine/native-views';

/** The account, quotation-link, notice, error-log and designer views the menu opens by vue_path; each downloads only when opened. */
nativeViews.register('main/password', lazy(() => import('./ChangePasswordView')));
nativeViews.register('main/user-center', lazy(() => import('./UserCenterView')));
nativeViews.register('personal/quotation-link', lazy(() => import('../share/QuotationLinkView')));
nativeViews.register('setting/notice', lazy(() => import('../notices/NoticeAdminView')));
nativeViews.register('setting/error-log', lazy(() => import('../errors/ErrorLogView')));
nativeViews.register('setting/designer', lazy(() => import('../designer/DesignerView')));
