/** 文件管理's pure parts: sizes, previews, the move dialog's tree, names, kinds. */
import { describe, expect, it } from 'vitest';
import { entriesOf, folderTree, formatBytes, previewOf } from '../../../src/widgets/files/file-view';
import { checkName, fileKindOf, type FileRow, type FolderRow } from '../../../src/contract/api/files';

describe('文件管理 in the browser, pure parts', () => {
  it('writes sizes as people read them', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12 * 1024 * 1024 + 5)).toBe('12 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('previews pictures and texts, and nothing else', () => {
    expect(previewOf('主图.PNG')).toBe('image');
    expect(previewOf('账单.csv')).toBe('text');
    expect(previewOf('说明.txt')).toBe('text');
    expect(previewOf('合同.pdf')).toBeNull();
    expect(previewOf('素材.zip')).toBeNull();
  });

  it('knows each type the filter offers by extension', () => {
    expect(['a.jpg', 'b.docx', 'c.xlsx', 'd.7z', 'e.psd', 'noext'].map(fileKindOf)).toEqual(['image', 'doc', 'sheet', 'archive', 'other', 'other']);
  });

  it('draws the folders as a tree by name, without the folder being moved and what is below it', () => {
    const rows = [
      { id: 1, parent_id: null, name: '营销素材' },
      { id: 2, parent_id: null, name: '对账单' },
      { id: 3, parent_id: 1, name: '海报' },
      { id: 4, parent_id: 3, name: '双十一' },
      { id: 5, parent_id: 2, name: '2026年10月' },
    ];
    const tree = folderTree(rows);
    expect(tree.map((node) => node.title)).toEqual(['对账单', '营销素材']);
    expect(tree[1]!.children[0]!.children[0]!.title).toBe('双十一');
    const moving = folderTree(rows, 3);
    expect(moving[1]!.children).toEqual([]);
    expect(JSON.stringify(moving)).not.toContain('双十一');
  });

  it('checks names as the server does', () => {
    expect(checkName('  合同 ')).toEqual({ name: '合同' });
    expect(checkName('')).toEqual({ problem: 'filesNameEmpty' });
    expect(checkName('a/b')).toEqual({ problem: 'filesNameSlash' });
    expect(checkName('a\\b')).toEqual({ problem: 'filesNameSlash' });
    expect(checkName('..')).toEqual({ problem: 'filesNameInvalid' });
    expect(checkName('a\u0000b')).toEqual({ problem: 'filesNameInvalid' });
    expect(checkName('名'.repeat(101))).toEqual({ problem: 'filesNameTooLong', max: 100 });
    expect(checkName('名'.repeat(100))).toEqual({ name: '名'.repeat(100) });
  });

  it('lists folders before files', () => {
    const folder = { id: 1, name: 'z' } as FolderRow;
    const file = { id: 1, name: 'a' } as FileRow;
    expect(entriesOf([folder], [file]).map((entry) => entry.key)).toEqual(['d1', 'f1']);
  });
});
