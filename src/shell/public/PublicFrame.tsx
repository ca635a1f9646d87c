import type { ReactNode } from 'react';
import { NavLink, useHref, useLinkClickHandler } from 'react-router-dom';
import { Button, type ButtonProps } from 'antd';
import { MessageOutlined, ReconciliationOutlined, ShoppingOutlined, TeamOutlined, TransactionOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n/I18nProvider';
import { LanguageSwitch } from '../controls/LanguageSwitch';
import type { MessageKey } from '../i18n/types';
import { usePageTitle } from '../i18n/page-title';
import './portal.css';

/** One icon per area of the console, so the portal's cards and the product page's sections match. */
export const AREA_ICONS = {
  quote: <TransactionOutlined />,
  reconcile: <ReconciliationOutlined />,
  goods: <ShoppingOutlined />,
  message: <MessageOutlined />,
  team: <TeamOutlined />,
};

/**
 * An antd button that is a real link: it can be opened in a new tab, yet a plain click navigates
 * inside the app instead of reloading it.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLElement>(to);
  return <Button {...props} href={href} onClick={onClick} />;
}

/** The signed-out site's frame (/portal, /product): header with the way in, footer, and the page title. */
export function PublicFrame({ title, children }: { title: MessageKey; children: ReactNode }) {
  const { t } = useI18n();
  usePageTitle(t(title));
  return (
    <div className="portal">
      <header className="portal-header">
        <div className="portal-bar">
          <NavLink to="/portal" className="portal-brand">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{t('app.siteTitle')}</span>
          </NavLink>
          <nav className="portal-nav" aria-label={t('portal.nav')}>
            <NavLink to="/portal">{t('portal.title')}</NavLink>
            <NavLink to="/product">{t('portal.product')}</NavLink>
          </nav>
          <div className="portal-actions">
            <LanguageSwitch />
            <LinkButton to="/login">{t('portal.login')}</LinkButton>
            <LinkButton to="/register" type="primary">
              {t('portal.register')}
            </LinkButton>
          </div>
        </div>
      </header>
      <main>{children}</main>
      <footer className="portal-footer">
        {t('layout.copyright', { year: new Date().getFullYear(), title: t('app.siteTitle') })}
      </footer>
    </div>
  );
}
