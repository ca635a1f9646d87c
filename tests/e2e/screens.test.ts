/**
 * Issue 5's "done when", in Chromium against the built console: an admin designs a resource and its
 * screen and puts it in a seller's menu; the seller works in it at once, on the same server; an
 * invalid screen is refused with its JSON path; every bundled screen opens from its menu with rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { NoticeList } from '../../src/contract/api/notice';
import type { Screen } from '../../src/contract/screen';
import { settings } from '../../src/contract/settings';
import { MENU, type MenuSeed } from '../../server/db/seed/menu';
import { useE2eConsole } from '../support/e2e-console';
import { logIn, waitForSettled } from '../support/console-page';
import { call, loginAs } from '../support/server-harness';

const SCREEN_ID = 'custom/supplier';
const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');

/** A screenshot for a person to look at, when SCREENSHOT_DIR names a folder. */
async function shoot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `screens-${name}.png`) });
}

/** An element of `role` whose whole text is `text` (menu entries also carry an icon's label). */
const byText = (scope: Page | Locator, role: 'menuitem' | 'tab', text: string) => scope.getByRole(role).filter({ hasText: new RegExp(`^${text}$`) });

/**
 * A button's name: its label after the icon's own ("plus 新增"); antd puts a space between the two
 * characters of a two-character Chinese label ("保 存").
 */
const named = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s?')}$`);

/** Every bundled screen: the JSON files under schemas/ but the meta-schema. */
function bundledScreens(dir = SCHEMAS): Screen[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return bundledScreens(full);
    return entry.name.endsWith('.json') && entry.name !== 'screen.schema.json' ? [JSON.parse(fs.readFileSync(full, 'utf8')) as Screen] : [];
  });
}

/** Each menu leaf by its vue_path, with the titles of the groups above it and its own, and whether the menu hides it. */
function menuTrails(items: MenuSeed[], above: string[] = []): Map<string, { trail: string[]; hidden: boolean }> {
  const trails = new Map<string, { trail: string[]; hidden: boolean }>();
  for (const item of items) {
    const trail = [...above, item.zh];
    if (item.children) for (const [id, inner] of menuTrails(item.children, trail)) trails.set(id, inner);
    else if (item.vue_path) trails.set(item.vue_path, { trail, hidden: item.hidden ?? false });
  }
  return trails;
}

/**
 * Opens a page from the side menu (its groups unfolded, those not open yet, then its entry) and waits
 * for the page's title, which the console sets once the page's tab is the one shown.
 */
async function openFromMenu(page: Page, trail: string[]): Promise<void> {
  // A group and its entry may share a label (首页 › 首页): a group is a submenu's title, an entry an item.
  const named = (selector: string, text: string) => page.locator(selector).filter({ hasText: new RegExp(`^${text}$`) });
  for (const group of trail.slice(0, -1)) {
    const title = named('.ant-menu-submenu-title[role=menuitem]', group);
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  }
  const entry = trail.at(-1)!;
  await named('li.ant-menu-item[role=menuitem]', entry).click();
  await page.waitForFunction((prefix) => document.title.startsWith(prefix), `${entry}${settings.titleSeparator}`);
}

/** Calls the console's API from the page, with the token the page signed in with. */
function callApi<T>(page: Page, url: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ url, body, tokenKey }) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(tokenKey)}` },
        body: JSON.stringify(body),
      });
      const answer = (await response.json()) as { code: number; msg: string; data: unknown };
      if (answer.code !== 200) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
      return answer.data as T;
    },
    { url, body, tokenKey: settings.tokenTableName },
  );
}

/**
 * Closes the user's open notices as a user would: each pops up at the bottom right until closed,
 * over the buttons of a dialog's footer.
 */
async function closeNotices(page: Page): Promise<void> {
  const open = await callApi<NoticeList>(page, '/api/index/find-notice', {});
  for (const notice of open.rows) {
    const popUp = page.getByTestId(`notice-popup-${notice.id}`);
    await popUp.locator('.ant-notification-notice-close').click();
    await popUp.waitFor({ state: 'detached' });
  }
}

/** The view of the active console tab (kept-alive tabs stay in the DOM, hidden). */
const activeView = (page: Page) => page.locator('.engine-screen').filter({ visible: true });

/** The list's drawn rows (not its loading skeleton). */
const listRows = (scope: Locator) => scope.locator('tr.engine-tr:not(.is-skeleton)');

/** The texts of one column of the list's drawn rows, in order. */
function columnTexts(scope: Locator, field: string): Promise<string[]> {
  return scope.locator('.engine-table').first().evaluate((table, name) => {
    const headers = [...table.querySelectorAll('thead th')];
    const index = headers.findIndex((th) => th.getAttribute('data-column') === name);
    return [...table.querySelectorAll('tbody tr.engine-tr:not(.is-skeleton)')].map((tr) => tr.children[index]?.textContent?.trim() ?? '');
  }, field);
}

/** Replaces the whole text of the designer's CodeMirror editor, as a paste over a selection does. */
async function replaceEditorText(page: Page, text: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/**
 * Picks an option of the antd Select `select` by its text, in the select's own dropdown (another's
 * may still be fading out, with the same options), and waits for the select to show it.
 */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  const open = select.locator('input[aria-controls]');
  await open.waitFor({ state: 'attached' });
  const list = await open.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  await waitForSettled(dropdown);
  await dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${option}$`) }).click();
  await expect.poll(() => select.textContent()).toContain(option);
}

/** The open dialog of a create or edit form. */
function formDialog(page: Page): Locator {
  return page.locator('.ant-modal').filter({ has: page.locator('.ef-form') }).filter({ visible: true });
}

async function waitForMessage(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();
}

interface Supplier {
  name: string;
  contact: string;
  phone: string;
  grade: '甲级' | '乙级' | '丙级';
}

const FIRST: Supplier = { name: '深圳华强电子', contact: '陈经理', phone: '13800001111', grade: '甲级' };
const SECOND: Supplier = { name: '义乌小商品城', contact: '刘主管', phone: '13900002222', grade: '乙级' };
const IMPORTED: Supplier[] = [
  { name: '东莞五金配件', contact: '黄工', phone: '13700003333', grade: '丙级' },
  { name: '广州纺织面料', contact: '林小姐', phone: '13600004444', grade: '甲级' },
  { name: '杭州包装材料', contact: '周先生', phone: '13500005555', grade: '乙级' },
];

describe('server-driven screens in Chromium', () => {
  const e2e = useE2eConsole();

  // The tests below run in order: the seller works in the screen the admin made in the first.
  it('lets an admin create a resource, generate and extend its screen, refuse a bad one, publish it and bind it to the seller menu', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    await openFromMenu(page, ['系统设置', '页面设计器']);

    // A resource with five typed fields; the first row (名称, required, searchable) is there already.
    await byText(page, 'tab', '资源').click();
    await page.getByRole('button', { name: named('新建资源') }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '新建资源' });
    await drawer.getByLabel('资源名').fill('supplier');
    await drawer.getByLabel('中文标题').fill('供应商');
    await drawer.getByLabel('英文标题').fill('Supplier');
    const fields: Array<[name: string, zh: string, en: string, type: string]> = [
      ['contact', '联系人', 'Contact', '单行文本'],
      ['phone', '电话', 'Phone', '单行文本'],
      ['grade', '等级', 'Grade', '枚举'],
      ['remark', '备注', 'Remark', '多行文本'],
    ];
    const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
    for (const [i, [name, zh, en, type]] of fields.entries()) {
      await drawer.getByRole('button', { name: named('添加字段') }).click();
      const row = rows.nth(i + 1);
      const inputs = row.locator('input.ant-input');
      await inputs.nth(0).fill(name);
      await inputs.nth(1).fill(zh);
      await inputs.nth(2).fill(en);
      if (type !== '单行文本') await choose(page, row.locator('.ant-select'), type);
    }
    const grade = rows.nth(3);
    await grade.locator('textarea').fill('A,甲级,Grade A\nB,乙级,Grade B\nC,丙级,Grade C');
    // Graded suppliers are filtered and sorted by grade: indexed.
    await grade.locator('input[type=checkbox]').nth(1).check();
    await drawer.getByRole('button', { name: named('保存资源') }).click();
    await waitForMessage(page, '资源已保存');

    const resourceRow = page.locator('.ant-table-row').filter({ has: page.locator('code', { hasText: /^supplier$/ }) });
    await resourceRow.getByRole('button', { name: named('生成页面') }).click();
    await waitForMessage(page, `已生成页面 ${SCREEN_ID} 的草稿`);
    const problems = page.getByTestId('screen-problems');
    const preview = page.getByTestId('screen-preview');
    await problems.getByText('页面定义有效').waitFor();
    // The live preview draws the generated list with the real renderer.
    await preview.locator('th[data-column="name"]').waitFor();

    const { draft } = await callApi<{ draft: Screen | null }>(page, '/api/screens/get', { id: SCREEN_ID });
    expect(draft?.list?.columns.map((c) => c.field)).not.toContain('remark');
    const columns = draft!.list!.columns;

    // A column whose width is not a number: the editor names its path, and the server refuses it too.
    const badPath = `/list/columns/${columns.length}/width`;
    await replaceEditorText(page, JSON.stringify({ ...draft, list: { ...draft!.list, columns: [...columns, { field: 'remark', width: 'abc' }] } }));
    await problems.getByText(badPath).waitFor();
    expect(await page.getByRole('button', { name: named('发布') }).isDisabled()).toBe(true);
    const refusal = page.waitForResponse((r) => r.url().endsWith('/api/screens/save'));
    await page.getByRole('button', { name: named('保存草稿') }).click();
    const refused = (await (await refusal).json()) as { code: number; data: { problems: Array<{ path: string }> } };
    expect(refused.code).not.toBe(200);
    expect(refused.data.problems.map((p) => p.path)).toEqual([badPath]);
    await waitForMessage(page, '页面有 1 处问题，未保存');

    // The same column with a proper width: the preview shows it, and the screen is published.
    const extended = { ...draft!, list: { ...draft!.list!, columns: [...columns, { field: 'remark', width: 200, ellipsis: true }] } };
    await replaceEditorText(page, JSON.stringify(extended));
    await page.getByRole('button', { name: named('格式化') }).click();
    await problems.getByText('页面定义有效').waitFor();
    await preview.locator('th[data-column="remark"]').waitFor();
    await shoot(page, 'designer');
    await page.getByRole('button', { name: named('发布') }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: named('确定') }).click();
    await waitForMessage(page, /已发布为 v\d+/);
    const { published } = await callApi<{ published: Screen | null }>(page, '/api/screens/get', { id: SCREEN_ID });
    expect(published?.list?.columns.map((c) => c.field)).toContain('remark');

    // A top-level menu item for the seller role.
    await page.getByRole('button', { name: named('绑定菜单') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '可访问的角色' });
    await expect.poll(() => dialog.getByLabel('路由名称').inputValue()).toBe('CustomSupplier');
    expect(await dialog.getByLabel('中文标题').inputValue()).toBe('供应商');
    await choose(page, dialog.locator('.ant-form-item').filter({ hasText: '可访问的角色' }).locator('.ant-select'), '询价员');
    // Closes the multiple select's list, which stays open after a pick.
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByRole('button', { name: named('确定') }).click();
    await waitForMessage(page, `已绑定到菜单 /${SCREEN_ID}`);
    await context.close();
  }, 120_000);

  it('lets a seller create, search, sort, edit (with a 409 from a stale tab), export and import suppliers, and see a republished screen, with no restart or reload', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'seller', 'seller123');
    await closeNotices(page);
    await openFromMenu(page, ['供应商']);
    expect(new URL(page.url()).pathname).toBe(`/${SCREEN_ID}`);
    const view = activeView(page);
    await view.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await view.locator('th[data-column="remark"]').waitFor();

    async function fill(dialog: Locator, supplier: Partial<Supplier>) {
      if (supplier.name !== undefined) await dialog.getByLabel('名称').fill(supplier.name);
      if (supplier.contact !== undefined) await dialog.getByLabel('联系人').fill(supplier.contact);
      if (supplier.phone !== undefined) await dialog.getByLabel('电话').fill(supplier.phone);
      if (supplier.grade !== undefined) await choose(page, dialog.locator('.ef-item').filter({ hasText: '等级' }).locator('.ant-select'), supplier.grade);
    }
    for (const supplier of [FIRST, SECOND]) {
      await view.getByRole('button', { name: named('新增') }).click();
      const dialog = formDialog(page);
      await dialog.waitFor();
      await fill(dialog, supplier);
      await dialog.getByRole('button', { name: named('保存') }).click();
      await waitForMessage(page, '保存成功');
      await dialog.waitFor({ state: 'hidden' });
      await listRows(view).filter({ hasText: supplier.name }).waitFor();
    }
    await shoot(page, 'seller-list');

    // Keyword search finds one; reset brings both back.
    await view.getByPlaceholder('输入关键词搜索').fill('义乌');
    await view.getByRole('button', { name: named('查询') }).click();
    await expect.poll(() => columnTexts(view, 'name')).toEqual([SECOND.name]);
    await view.getByRole('button', { name: named('重置') }).click();
    await expect.poll(() => columnTexts(view, 'name').then((names) => names.length)).toBe(2);

    // Sorting by the name column's header: ascending, then descending, by the server.
    const names = [FIRST.name, SECOND.name].sort();
    await view.locator('th[data-column="name"] button').click();
    await expect.poll(() => view.locator('th[data-column="name"]').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => columnTexts(view, 'name')).toEqual(names);
    await view.locator('th[data-column="name"] button').click();
    await expect.poll(() => columnTexts(view, 'name')).toEqual([...names].reverse());

    // Edit a row.
    await listRows(view).filter({ hasText: FIRST.name }).getByRole('button', { name: named('编辑') }).click();
    let dialog = formDialog(page);
    await expect.poll(() => dialog.getByLabel('名称').inputValue()).toBe(FIRST.name);
    await fill(dialog, { phone: '13800009999' });
    await dialog.getByRole('button', { name: named('保存') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await listRows(view).filter({ hasText: '13800009999' }).waitFor();

    // Two tabs edit the same supplier; the second to save is stale and told so, and can reload.
    const second = await context.newPage();
    await second.goto(`${e2e.server.url}/${SCREEN_ID}`);
    const secondView = activeView(second);
    await listRows(secondView).filter({ hasText: SECOND.name }).getByRole('button', { name: named('编辑') }).click();
    const staleDialog = formDialog(second);
    await expect.poll(() => staleDialog.getByLabel('名称').inputValue()).toBe(SECOND.name);
    await listRows(view).filter({ hasText: SECOND.name }).getByRole('button', { name: named('编辑') }).click();
    dialog = formDialog(page);
    await expect.poll(() => dialog.getByLabel('名称').inputValue()).toBe(SECOND.name);
    await fill(dialog, { contact: '刘经理' });
    await dialog.getByRole('button', { name: named('保存') }).click();
    await dialog.waitFor({ state: 'hidden' });
    await fill(staleDialog, { contact: '刘总' });
    const conflict = second.waitForResponse((r) => r.url().endsWith('/api/resources/supplier/update'));
    await staleDialog.getByRole('button', { name: named('保存') }).click();
    expect(((await (await conflict).json()) as { code: number }).code).toBe(409);
    const alert = staleDialog.locator('.ant-alert').filter({ hasText: '保存失败：记录已被修改' });
    await alert.getByText(/该记录已被 王小美 于 .+ 修改，请刷新后再编辑/).waitFor();
    await shoot(second, 'seller-conflict');
    await alert.getByRole('button', { name: named('重新加载最新数据') }).click();
    await expect.poll(() => staleDialog.getByLabel('联系人').inputValue()).toBe('刘经理');
    await second.close();

    // Export: a CSV of the rows the list shows.
    await view.getByRole('button', { name: /导出/ }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: '导出 CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^供应商-\d{8}-\d{6}\.csv$/);
    const exported = fs.readFileSync(await download.path(), 'utf8');
    const lines = exported.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('名称');
    expect(exported).toContain(FIRST.name);
    expect(exported).toContain('13800009999');
    expect(exported).toContain('刘经理');

    // Import: a preview of the file, then its rows.
    await view.getByRole('button', { name: named('导入') }).click();
    const importDialog = page.locator('.ant-modal').filter({ hasText: '导入供应商' });
    const csv = ['名称,联系人,电话,等级', ...IMPORTED.map((s) => [s.name, s.contact, s.phone, s.grade].join(','))].join('\n');
    await importDialog.locator('input[type=file]').setInputFiles({ name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByText('共 3 行，发现 0 处错误').waitFor();
    await importDialog.getByText(IMPORTED[1]!.name).waitFor();
    await importDialog.getByRole('button', { name: named('确认导入') }).click();
    await waitForMessage(page, '已导入 3 行');
    for (const supplier of IMPORTED) await listRows(view).filter({ hasText: supplier.name }).waitFor();
    await expect.poll(() => listRows(view).count()).toBe(5);
    await shoot(page, 'seller-imported');

    // An admin publishes a version that renames a column while the seller is typing a new supplier:
    // the list redraws with no reload, and the form, unchanged, keeps what was typed.
    await view.getByRole('button', { name: named('新增') }).click();
    dialog = formDialog(page);
    await fill(dialog, { name: '尚未保存的供应商' });
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const { token } = await loginAs(e2e.server, 'admin', 'admin123');
    const detail = await call<{ published: Screen }>(e2e.server, '/api/screens/get', { token, body: { id: SCREEN_ID } });
    const { published } = detail.body.data;
    const renamed = published.list!.columns.map((c) => (c.field === 'contact' ? { ...c, title: { zh: '对接人', en: 'Contact person' } } : c));
    for (const [route, body] of [
      ['/api/screens/save', { screen: { ...published, list: { ...published.list!, columns: renamed } } }],
      ['/api/screens/publish', { id: SCREEN_ID }],
    ] as const) {
      expect((await call(e2e.server, route, { token, body })).body.code).toBe(200);
    }
    await view.locator('th[data-column="contact"]', { hasText: '对接人' }).waitFor();
    expect(await dialog.getByLabel('名称').inputValue()).toBe('尚未保存的供应商');
    expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);
    await context.close();
  }, 120_000);

  it('reads the list of a screen opened before with the menu click, once, before the screen is drawn', async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    // Each page read of the dictionaries' list, and whether the screen's tab was drawn when it was sent.
    await page.addInitScript(() => {
      const reads: { tabShown: boolean }[] = [];
      Object.assign(window, { dictionaryReads: reads });
      const send = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { page?: number; filters?: unknown }) : null;
        if (url.includes('/api/resources/dictionaries/list') && body?.page !== undefined && !body.filters) {
          reads.push({ tabShown: document.querySelector('.tabs-bar-tab[data-tab-path="/setting/dictionary"]') !== null });
        }
        return send(input, init);
      };
    });
    const reads = () => page.evaluate(() => (window as unknown as { dictionaryReads: { tabShown: boolean }[] }).dictionaryReads.slice());
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    const trail = menuTrails(MENU).get('setting/dictionary')!.trail;
    await openFromMenu(page, trail);
    await listRows(activeView(page)).first().waitFor();
    const tab = page.locator('.tabs-bar-tab[data-tab-path="/setting/dictionary"]');
    await tab.locator('.tabs-bar-close').click();
    await tab.waitFor({ state: 'detached' });
    const created = await callApi<{ id: number }>(page, '/api/resources/dictionaries/create', { values: { code: 'aaa_prefetch_check', name: '预读检查' } });
    const before = (await reads()).length;
    await openFromMenu(page, trail);
    // The row added since the last visit: the rows drawn are this visit's answer.
    await activeView(page).locator('td', { hasText: '预读检查' }).first().waitFor();
    await page.waitForTimeout(500);
    expect((await reads()).slice(before)).toEqual([{ tabShown: false }]);
    await callApi(page, '/api/resources/dictionaries/delete', { id: created.id });
    await context.close();
  }, 60_000);

  // About a second a screen on this machine, a few when it is busy: the time limit allows for thirty.
  it('opens every bundled screen from its menu with rows drawn', async () => {
    const screens = bundledScreens();
    expect(screens.length).toBeGreaterThanOrEqual(30);
    const trails = menuTrails(MENU);
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    const empty: string[] = [];
    // The ask's page needs an ask (?name=); the quoting e2e opens it from a notice.
    for (const screen of screens.filter((s) => s.id !== 'main/handlefind')) {
      const item = trails.get(screen.id);
      expect(item, `${screen.id} has a menu item`).toBeDefined();
      if (item!.hidden) {
        // A hidden route (spec: 导入发货) is opened by its address, as the pages that link to it do.
        await page.goto(`${e2e.server.url}/${screen.id}`);
        await page.waitForFunction((prefix) => document.title.startsWith(prefix), `${item!.trail.at(-1)!}${settings.titleSeparator}`);
      } else await openFromMenu(page, item!.trail);
      expect(new URL(page.url()).pathname).toBe(`/${screen.id}`);
      const view = activeView(page);
      // A bespoke block (对账汇总) draws its own content: no error panel is what holds for all of them.
      if (screen.kind === 'block') {
        expect(await view.locator('.ant-result').count(), `${screen.id} shows no error panel`).toBe(0);
        continue;
      }
      // A tabbed screen opens on its first tab: its rows are in the tab of its first list.
      const listed = screen.kind === 'tabs' ? screen.parts?.find((part) => part.kind === 'list') : screen;
      expect(listed, `${screen.id} lists a resource`).toBeDefined();
      if (listed !== screen) await byText(view, 'tab', listed!.title.zh).click();
      const rows = listRows(view.locator('.engine-list').filter({ visible: true }));
      await rows.first().waitFor({ timeout: 15_000 }).catch(() => empty.push(screen.id));
      expect(await view.locator('.ant-result').count(), `${screen.id} shows no error panel`).toBe(0);
    }
    expect(empty).toEqual([]);
    await context.close();
  }, 240_000);
});
