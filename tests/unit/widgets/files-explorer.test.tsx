/**
 * 文件管理 asks the widget host whether the user holds files:write: a member who only reads sees
 * no upload, new folder, rename, move or delete (the server would refuse them), a writer sees all;
 * an administrator holds every code. On a phone each row keeps its size, type and time under the
 * name, and its menu.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { mockServer } from '../setup';
import { ok } from '../engine/handlers';
import ExplorerBlock from '../../../src/widgets/files/ExplorerBlock';
import { FILES_READ, FILES_WRITE, type FilesListing } from '../../../src/contract/api/files';
import type { AccessSubject } from '../../../src/contract/permissions';
import type { Screen } from '../../../src/contract/screen';
import { renderWithHost, testHost } from '../engine/engine-host';
import { windowOfWidth } from '../engine/screen-harness';

const explorer: Screen = { id: 'goods/explorer', version: 1, title: { zh: '文件管理', en: 'Explorer' }, kind: 'block', block: { widget: 'goodsExplorer' } };
// Local time, as the table shows it, wherever the test runs.
const at = new Date(2026, 10, 20, 9, 30).getTime();
const listing: FilesListing = {
  team_id: 1,
  folder_id: null,
  path: [],
  folders: [{ id: 1, team_id: 1, team_name: '华南采购一部', parent_id: null, name: '合同', file_count: 1, created_by: '王小美', updated_at: at }],
  files: [
    { id: 7, team_id: 1, team_name: '华南采购一部', folder_id: null, folder_name: '', name: '报价单.pdf', kind: 'doc', size: 204_800, content_type: 'application/pdf', uploaded_by: '王小美', updated_at: at },
  ],
  usage: { files: 1, bytes: 204_800 },
  teams: [],
};

async function drawnFor(access: AccessSubject) {
  mockServer.use(http.get('*/api/files', () => ok(listing)));
  renderWithHost(<ExplorerBlock screen={explorer} options={{}} />, testHost({ access }));
  await screen.findAllByText('报价单.pdf');
  fireEvent.click(screen.getAllByRole('button', { name: '更多操作 报价单.pdf' })[0]);
  await screen.findByRole('menuitem', { name: /下载/ });
  return {
    tools: ['上传文件', '新建文件夹'].filter((name) => screen.queryByRole('button', { name: new RegExp(name) })),
    fileActions: screen.getAllByRole('menuitem').map((item) => item.textContent),
    folderMenu: screen.queryAllByRole('button', { name: '更多操作 合同' }).length > 0,
  };
}

describe('文件管理 by what the user may do', () => {
  it('offers a reader only previews and downloads', async () => {
    expect(await drawnFor({ admin: false, role: ['team_manager'], permission: [FILES_READ] })).toEqual({ tools: [], fileActions: ['下载'], folderMenu: false });
  });

  it('offers a writer every change', async () => {
    expect(await drawnFor({ admin: false, role: ['seller'], permission: [FILES_READ, FILES_WRITE] })).toEqual({
      tools: ['上传文件', '新建文件夹'],
      fileActions: ['下载', '重命名', '移动', '删除'],
      folderMenu: true,
    });
  });

  it('offers an administrator every change without naming the code', async () => {
    expect((await drawnFor({ admin: true, role: ['admin'], permission: [] })).fileActions).toEqual(['下载', '重命名', '移动', '删除']);
  });

  it('shows on a phone each row as its name over its size, type and time, its menu beside it', async () => {
    const phone = windowOfWidth(390);
    try {
      await drawnFor({ admin: false, role: ['seller'], permission: [FILES_READ, FILES_WRITE] });
      const metas = [...document.querySelectorAll('.files-table .files-name-meta')].map((meta) => meta.textContent);
      expect(metas).toEqual(['1 个文件 · 文件夹 · 2026-11-20 09:30', '200 KB · 文档 · 2026-11-20 09:30']);
      expect(document.querySelectorAll('.files-table thead').length).toBe(0);
    } finally {
      phone.restore();
    }
  });
});
