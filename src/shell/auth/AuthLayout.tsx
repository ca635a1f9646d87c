import type { ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { LanguageSwitch } from '../controls/LanguageSwitch';
import { usePageTitle } from '../i18n/page-title';
import type { MessageKey } from '../i18n/types';
import './login.css';

/** The frame of the signed-out pages (login, register, forgot password): brand left, card right. */
export function AuthLayout({ title, children }: { title: MessageKey; children: ReactNode }) {
  const { t } = useI18n();
  usePageTitle(t(title));
  return (
    <div className="login-page">
      <div className="login-brand">
        <img src="/favicon.svg" alt="" className="login-logo" />
        <h1 className="login-brand-title">{t('app.siteTitle')}</h1>
        <p className="login-brand-sub">{t('login.subtitle')}</p>
      </div>
      <div className="login-panel">
        <div className="login-lang">
          <LanguageSwitch />
        </div>
        <div className="login-card">
          {/* Below 992 px the brand column is gone: the logo and the name head the card instead. */}
          <div className="login-card-brand">
            <img src="/favicon.svg" alt="" className="login-card-logo" />
            <span>{t('app.siteTitle')}</span>
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
