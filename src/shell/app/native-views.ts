/**
 * The console's native views by vue_path, listed in one place: the account, quotation-link, notice,
 * error-log and designer views, and the chat menu's. Each is lazy, so the signed-out pages carry
 * none of their code (only these few lines), and each downloads when first opened. App hands the
 * list down through NativeViewsContext; MenuView and the menu's read-ahead read it from there.
 */
import { lazy } from 'react';
import type { NativeViews } from '../../engine/native-views';

export const NATIVE_VIEWS = {
  'main/password': lazy(() => import('../account/ChangePasswordView')),
  'main/user-center': lazy(() => import('../account/UserCenterView')),
  'personal/quotation-link': lazy(() => import('../share/QuotationLinkView')),
  'setting/notice': lazy(() => import('../notices/NoticeAdminView')),
  'setting/error-log': lazy(() => import('../errors/ErrorLogView')),
  'setting/designer': lazy(() => import('../designer/DesignerView')),
  'chat/assistant': lazy(() => import('../chat/ChatAssistantView')),
  'chat/speech': lazy(() => import('../chat/SpeechSynthesisView')),
} as const satisfies NativeViews;
