import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { I18nProvider } from '../../../src/shell/i18n/I18nProvider';
import { selectLanguage } from '../../../src/shell/i18n/language-store';
import PortalPage from '../../../src/shell/public/PortalPage';
import ProductPage from '../../../src/shell/public/ProductPage';

function renderAt(page: ReactNode) {
  render(
    <I18nProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </I18nProvider>,
  );
}

// antd spaces out a two-character Chinese label ("登 录").
const LOGIN = /^登\s*录$/;
const heading = (name: string) => screen.getByRole('heading', { name });

describe('the public pages', () => {
  afterEach(async () => {
    await act(() => selectLanguage('zh'));
  });

  it('greets a visitor on the portal with the headline, the four areas and the way in', () => {
    renderAt(<PortalPage />);
    expect(heading('让询价、对账与团队协作更简单')).toBeTruthy();
    for (const area of ['询价报价', '对账', '商品', '消息']) expect(heading(area)).toBeTruthy();
    for (const step of ['注册团队', '发起询价/报价', '对账结算']) expect(heading(step)).toBeTruthy();
    expect(screen.getByRole('link', { name: LOGIN }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: /^注\s*册$/ }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '立即登录' }).getAttribute('href')).toBe('/login');
    expect(document.title).toBe('首页 - 电商卖家控制台');
    expect(screen.getByText(`© ${new Date().getFullYear()} 电商卖家控制台 版权所有`)).toBeTruthy();
  });

  it('details every module on the product page', () => {
    renderAt(<ProductPage />);
    expect(heading('一个控制台，覆盖卖家的日常工作')).toBeTruthy();
    for (const area of ['询价报价', '对账', '商品', '团队']) expect(heading(area)).toBeTruthy();
    expect(screen.getByText('抖音动账明细、快手货款账单、微信资金流水与订单逐笔核对')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: LOGIN }).map((a) => a.getAttribute('href'))).toEqual(['/login', '/login']);
    expect(document.title).toBe('产品功能 - 电商卖家控制台');
  });

  it('speaks English once English is chosen', async () => {
    renderAt(<PortalPage />);
    await act(() => selectLanguage('en'));
    expect(heading('Quoting, reconciliation and teamwork made simple')).toBeTruthy();
    for (const area of ['Quoting', 'Reconciliation', 'Goods', 'Messages']) expect(heading(area)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(document.title).toBe('Home - Seller Console');
  });
});
