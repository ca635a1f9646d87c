import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { useE2eConsole } from '../support/e2e-console';
import { logIn } from '../support/console-page';
import { call, loginAs } from '../support/server-harness';
import type { MenuNode } from '../../src/contract/api/menus';
import type { ScreenDetail } from '../../src/contract/api/screens';
import type { Screen } from '../../src/contract/screen';
import type { ResourceDefinition } from '../../src/contract/resource';

const SCREEN_ID = 'custom/supplier';
const SCHEMAS = path.resolve(import.meta.dirname, '../../schemas');
const SHOTS = process.env.SCREENSHOT_DIR;

/** A screenshot for a person to look at, when SCREENSHOT_DIR names a folder. */
async function shoot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** An element of `role` whose whole text is `text` (menu entries also carry an icon's label). */
const menuEntry = (page: Page, text: string) => page.getByRole('menuitem').filter({ hasText: new RegExp(`^${text}$`) });

/** The drawn data rows of the engine's list (not the skeleton shown while loading). */
const dataRows = (scope: Page | Locator) => scope.locator('tr.engine-tr:not(.is-skeleton)');
const rowWith = (page: Page, text: string) => dataRows(page).filter({ hasText: text });

/** The option of the open antd select dropdown whose text is `text`. */
async function pickOption(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) }).click();
}

/** Replaces the whole text of the designer's CodeMirror editor, as a user pasting over a selection. */
async function replaceEditorText(page: Page, text: string) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function adminCall<T>(server: { url: string }, token: string, route: string, body: unknown): Promise<T> {
  const res = await call<T>(server, route, { token, body });
  if (res.body.code !== 200) throw new Error(`${route} answered ${res.body.code}: ${res.body.msg}`);
  return res.body.data;
}

/** Saves a screen from the seller's edit dialog after changing its contact. */
async function openEdit(page: Page, name: string): Promise<Locator> {
  await rowWith(page, name).getByRole('button', { name: '编辑' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.locator('#root_contact') });
  await dialog.locator('#root_contact').waitFor();
  return dialog;
}

describe('server-driven screens in Chromium', () => {
  const e2e = useE2eConsole();
  let seller: BrowserContext;
  let sellerPage: Page;

  it('an admin creates a resource, generates and edits its screen, publishes it and binds it to the seller role', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    await page.goto(`${e2e.server.url}/setting/designer`);
    await page.getByRole('tab', { name: '资源' }).click();
    await page.getByRole('button', { name: '新建资源' }).click();

    const drawer = page.locator('.ant-drawer-section');
    await drawer.getByLabel('资源名').fill('supplier');
    await drawer.getByLabel('中文标题', { exact: true }).fill('供应商');
    await drawer.getByLabel('英文标题', { exact: true }).fill('Supplier');
    const fields: Array<{ name: string; zh: string; en: string; type?: string; flags?: number[]; options?: string }> = [
      { name: 'contact', zh: '联系人', en: 'Contact' },
      { name: 'level', zh: '等级', en: 'Level', type: '枚举', flags: [1], options: 'a,甲级,Level A\nb,乙级,Level B' },
      { name: 'credit', zh: '授信额度', en: 'Credit', type: '金额', flags: [1] },
      { name: 'since', zh: '合作开始', en: 'Since', type: '日期' },
    ];
    const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    for (const [i, field] of fields.entries()) {
      await drawer.getByRole('button', { name: '添加字段' }).click();
      const row = rows.nth(i + 1);
      await row.locator('input').nth(0).fill(field.name);
      await row.locator('input').nth(1).fill(field.zh);
      await row.locator('input').nth(2).fill(field.en);
      if (field.type) {
        await row.locator('.ant-select').click();
        await pickOption(page, field.type);
      }
      for (const flag of field.flags ?? []) await row.locator('.ant-checkbox-input').nth(flag).check();
      if (field.options) await row.locator('textarea').fill(field.options);
    }
    await drawer.getByRole('button', { name: '保存资源' }).click();
    await page.getByText('资源已保存').waitFor();

    const { token } = await loginAs(e2e.server, 'admin', 'admin123');
    const { rows: definitions } = await adminCall<{ rows: ResourceDefinition[] }>(e2e.server, token, '/api/resource-defs/list', {});
    const definition = definitions.find((d) => d.name === 'supplier')!;
    expect(definition.fields.map((f) => `${f.name}:${f.type}`)).toEqual(['name:string', 'contact:string', 'level:enum', 'credit:money', 'since:date']);

    await page.locator('.ant-table-row').filter({ hasText: 'supplier' }).getByRole('button', { name: '生成页面' }).click();
    await page.getByText(SCREEN_ID, { exact: true }).waitFor();
    await page.locator('.cm-content').waitFor();
    await page.getByText('页面定义有效').waitFor();

    const draft = (await adminCall<ScreenDetail>(e2e.server, token, '/api/screens/get', { id: SCREEN_ID })).draft!;
    const columns = draft.list!.columns;

    // A column 10 px wide is below the meta-schema's minimum: refused, with its path.
    const invalid: Screen = { ...draft, list: { ...draft.list!, columns: [...columns, { field: 'created_at', width: 10 }] } };
    await replaceEditorText(page, JSON.stringify(invalid, null, 2));
    const problems = page.getByTestId('screen-problems');
    await problems.getByText(`/list/columns/${columns.length}/width`).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^发\s*布$/ }).isDisabled()).toBe(true);
    const refused = await call<{ problems: Array<{ path: string }> }>(e2e.server, '/api/screens/save', { token, body: { screen: invalid } });
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.data.problems.map((p) => p.path)).toContain(`/list/columns/${columns.length}/width`);

    const valid: Screen = { ...draft, list: { ...draft.list!, columns: [...columns, { field: 'created_at', width: 170, sortable: true }] } };
    await replaceEditorText(page, JSON.stringify(valid, null, 2));
    await page.getByText('页面定义有效').waitFor();
    await shoot(page, 'designer');
    await page.getByTestId('screen-preview').locator('th').filter({ hasText: '创建时间' }).waitFor();
    await page.getByRole('button', { name: /^发\s*布$/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText('已发布 v1').first().waitFor();

    await page.getByRole('button', { name: '绑定菜单' }).click();
    const modal = page.getByRole('dialog').filter({ hasText: '可访问的角色' });
    await modal.getByLabel('上级菜单').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^常用功能$/ }).click();
    await modal.getByLabel('可访问的角色').click();
    await pickOption(page, '询价员');
    await page.keyboard.press('Escape');
    await modal.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.getByText(`已绑定到菜单 /${SCREEN_ID}`).waitFor();
    await context.close();
  }, 120_000);

  it('a seller works in the new screen at once: create, search, sort, edit, a stale save, export and import', async () => {
    seller = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const page = (sellerPage = await seller.newPage());
    onTestFailed(() => shoot(page, 'seller-failed'));
    await logIn(page, e2e.server.url, 'seller', 'seller123');
    const common = menuEntry(page, '常用功能');
    if (!(await menuEntry(page, '供应商').isVisible())) await common.click();
    await menuEntry(page, '供应商').click();
    await page.waitForURL(`**/${SCREEN_ID}`);
    await page.getByRole('button', { name: '新增' }).waitFor();

    for (const [name, contact] of [
      ['Bolt Supply', '李四'],
      ['Acme Trading', '张三'],
      ['Crane Parts', '王五'],
    ]) {
      await page.getByRole('button', { name: '新增' }).click();
      const dialog = page.getByRole('dialog').filter({ has: page.locator('#root_name') });
      await dialog.locator('#root_name').fill(name!);
      await dialog.locator('#root_contact').fill(contact!);
      await dialog.getByRole('button', { name: '保存' }).click();
      await rowWith(page, name!).waitFor();
    }
    await expect.poll(() => dataRows(page).count()).toBe(3);

    const header = page.locator('th').filter({ hasText: /^名称/ }).locator('button.engine-th-sort');
    await header.click();
    await expect.poll(() => dataRows(page).first().textContent()).toContain('Acme Trading');
    await header.click();
    await expect.poll(() => dataRows(page).first().textContent()).toContain('Crane Parts');

    await page.getByPlaceholder('输入关键词搜索').fill('Bolt');
    await page.getByRole('button', { name: '查 询' }).or(page.getByRole('button', { name: '查询' })).click();
    await expect.poll(() => dataRows(page).count()).toBe(1);
    await rowWith(page, 'Bolt Supply').waitFor();
    await page.getByRole('button', { name: '重 置' }).or(page.getByRole('button', { name: '重置' })).first().click();
    await expect.poll(() => dataRows(page).count()).toBe(3);

    let dialog = await openEdit(page, 'Bolt Supply');
    await dialog.locator('#root_contact').fill('李四（已改）');
    await dialog.getByRole('button', { name: '保存' }).click();
    await rowWith(page, '李四（已改）').waitFor();
    await shoot(page, 'supplier-seller');

    // Two tabs edit the same record: the second save carries a stale version and gets the 409.
    const other = await seller.newPage();
    await other.goto(`${e2e.server.url}/${SCREEN_ID}`);
    await rowWith(other, 'Acme Trading').waitFor();
    dialog = await openEdit(page, 'Acme Trading');
    const otherDialog = await openEdit(other, 'Acme Trading');
    await otherDialog.locator('#root_contact').fill('张三（第二个标签页）');
    await otherDialog.getByRole('button', { name: '保存' }).click();
    await rowWith(other, '张三（第二个标签页）').waitFor();
    await dialog.locator('#root_contact').fill('张三（过期）');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('保存失败：记录已被修改').waitFor();
    await expect.poll(() => dialog.textContent()).toMatch(/已被.*修改/);
    await other.close();
    await dialog.getByRole('button', { name: '取消' }).click();
    const leave = page.locator('.ant-modal-confirm');
    if (await leave.isVisible().catch(() => false)) await leave.getByRole('button', { name: /确\s*定/ }).click();

    await page.getByRole('button', { name: /导出/ }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('导出 CSV').click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Acme Trading');
    expect(csv).toContain('Crane Parts');

    await page.getByRole('button', { name: '导入' }).click();
    const importDialog = page.getByRole('dialog').filter({ hasText: '导入供应商' });
    await importDialog.locator('input[type=file]').setInputFiles({
      name: 'suppliers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('名称,联系人\nDelta Goods,赵六\nEcho Metals,钱七\n', 'utf8'),
    });
    await importDialog.getByText('Delta Goods').waitFor();
    await importDialog.getByRole('button', { name: '确认导入' }).click();
    await page.getByText('已导入 2 行').waitFor();
    await rowWith(page, 'Echo Metals').waitFor();
    await expect.poll(() => dataRows(page).count()).toBe(5);
  }, 120_000);

  it('a screen published while the seller has it open is picked up without a reload', async () => {
    const page = sellerPage;
    onTestFailed(() => shoot(page, 'live-failed'));
    const { token } = await loginAs(e2e.server, 'admin', 'admin123');
    const published = (await adminCall<ScreenDetail>(e2e.server, token, '/api/screens/get', { id: SCREEN_ID })).published!;
    const renamed: Screen = {
      ...published,
      list: { ...published.list!, columns: published.list!.columns.map((c) => (c.field === 'contact' ? { ...c, title: { zh: '对接人', en: 'Contact person' } } : c)) },
    };
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await adminCall(e2e.server, token, '/api/screens/save', { screen: renamed });
    await adminCall(e2e.server, token, '/api/screens/publish', { id: SCREEN_ID });
    await page.locator('th').filter({ hasText: /^对接人/ }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await seller.close();
  }, 60_000);

  it('every bundled screen opens from its menu path with data', async () => {
    const { token } = await loginAs(e2e.server, 'admin', 'admin123');
    const tree = await adminCall<MenuNode[]>(e2e.server, token, '/api/menus/tree', {});
    const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
    const bundled = flat(tree).filter((n) => n.vue_path && fs.existsSync(path.join(SCHEMAS, `${n.vue_path}.json`)));
    expect(bundled.length).toBeGreaterThanOrEqual(29);

    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await logIn(page, e2e.server.url, 'admin', 'admin123');
    const failures: string[] = [];
    for (const node of bundled) {
      await page.goto(`${e2e.server.url}${node.path}`);
      const file = JSON.parse(fs.readFileSync(path.join(SCHEMAS, `${node.vue_path}.json`), 'utf8')) as Screen;
      // A composite screen draws each of its list tabs with rows; a single list draws them at once.
      const lists = file.kind === 'tabs' ? (file.parts ?? []).filter((p) => p.kind === 'list') : [file];
      for (const part of lists) {
        if (part !== file) await page.getByRole('tab', { name: part.title!.zh, exact: true }).click();
        try {
          await dataRows(page).first().waitFor({ timeout: 10_000 });
        } catch {
          failures.push(`${node.path}${part === file ? '' : ` › ${part.title!.zh}`}: no rows drawn`);
        }
      }
      for (const bad of ['未找到页面', '页面配置有误', '数据加载失败', '页面加载失败', '页面暂时无法显示']) {
        if (await page.getByText(bad).first().isVisible().catch(() => false)) failures.push(`${node.path}: ${bad}`);
      }
      if (node.vue_path === 'goods/list') await shoot(page, 'bundled-goods-list');
    }
    expect(failures).toEqual([]);
    await context.close();
  }, 420_000);
});
