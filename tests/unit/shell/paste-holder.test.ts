import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  handlePaste,
  pasteStore,
  setSearchAllowed,
  suspendSearch,
  usePasteHolder,
} from '../../../src/shell/utils/paste-holder';

/** The part of DataTransferItem the holder reads; jsdom has no DataTransfer items to build one. */
function item(type: string, file: File | null = new File(['x'], `pasted.${type.split('/')[1]}`, { type })) {
  return { kind: file ? 'file' : 'string', type, getAsFile: () => file };
}

type Item = ReturnType<typeof item>;

function clipboardEvent(items: Item[] | null): ClipboardEvent {
  return Object.assign(new Event('paste'), { clipboardData: items && { items } }) as unknown as ClipboardEvent;
}

const paste = (...items: Item[]) => handlePaste(clipboardEvent(items));

let urls = 0;
const createObjectURL = vi.fn(() => `blob:pasted-${++urls}`);
const revokeObjectURL = vi.fn();

beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.spyOn(document, 'hasFocus').mockReturnValue(true);
  vi.spyOn(Date, 'now').mockReturnValue(1_000);
  pasteStore.set({ files: [], pastedAt: null, searchAllowed: true });
  setSearchAllowed(true);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('handlePaste (spec §4 Paste)', () => {
  it('keeps every image and video with its subtype and a local address, and stamps the time', () => {
    const png = item('image/png');
    const mp4 = item('video/mp4');
    paste(png, item('text/plain', null), mp4, item('application/pdf'), item('image/svg+xml'));

    const { files, pastedAt } = pasteStore.get();
    expect(files.map((f) => f.type)).toEqual(['png', 'mp4', 'svg+xml']);
    expect(files[0]).toEqual({ type: 'png', url: createObjectURL.mock.results[0].value, file: png.getAsFile() });
    expect(files[1].file).toBe(mp4.getAsFile());
    expect(createObjectURL).toHaveBeenCalledTimes(3);
    expect(createObjectURL).toHaveBeenCalledWith(png.getAsFile());
    expect(pastedAt).toBe(1_000);
  });

  it('replaces the earlier list and frees its addresses', () => {
    paste(item('image/png'), item('image/jpeg'));
    const earlier = pasteStore.get().files.map((f) => f.url);
    vi.mocked(Date.now).mockReturnValue(2_000);
    paste(item('image/gif'));

    expect(revokeObjectURL.mock.calls.map(([url]) => url)).toEqual(earlier);
    expect(pasteStore.get().files.map((f) => f.type)).toEqual(['gif']);
    expect(pasteStore.get().pastedAt).toBe(2_000);
  });

  it('clears the list on a paste without media, but keeps the time of the last one that had some', () => {
    paste(item('image/png'));
    const [{ url }] = pasteStore.get().files;
    vi.mocked(Date.now).mockReturnValue(2_000);
    paste(item('text/plain', null), item('text/html', null));

    expect(pasteStore.get().files).toEqual([]);
    expect(revokeObjectURL).toHaveBeenCalledWith(url);
    expect(pasteStore.get().pastedAt).toBe(1_000);

    handlePaste(clipboardEvent(null));
    expect(pasteStore.get().pastedAt).toBe(1_000);
  });

  it('never stamps the time when nothing was collected', () => {
    paste(item('text/plain', null));
    expect(pasteStore.get().pastedAt).toBeNull();
  });

  it('ignores a paste while the page is not focused', () => {
    paste(item('image/png'));
    const before = pasteStore.get();
    vi.mocked(document.hasFocus).mockReturnValue(false);
    paste(item('image/jpeg'));

    expect(pasteStore.get()).toBe(before);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(revokeObjectURL).not.toHaveBeenCalled();
  });
});

describe('searchAllowed', () => {
  it('follows setSearchAllowed', () => {
    setSearchAllowed(false);
    expect(pasteStore.get().searchAllowed).toBe(false);
    setSearchAllowed(true);
    expect(pasteStore.get().searchAllowed).toBe(true);
  });

  it('is off while any hold lasts, and comes back when the last one ends', () => {
    const first = suspendSearch();
    const second = suspendSearch();
    expect(pasteStore.get().searchAllowed).toBe(false);
    first();
    first();
    expect(pasteStore.get().searchAllowed).toBe(false);
    second();
    expect(pasteStore.get().searchAllowed).toBe(true);
  });

  it('keeps what the caller asked for across holds', () => {
    const release = suspendSearch();
    setSearchAllowed(true);
    expect(pasteStore.get().searchAllowed).toBe(false);
    setSearchAllowed(false);
    release();
    expect(pasteStore.get().searchAllowed).toBe(false);
  });
});

describe('usePasteHolder', () => {
  const pasteIntoDocument = (...items: Item[]) => act(() => void document.dispatchEvent(clipboardEvent(items)));

  it('collects pastes into the page while mounted and returns the state', () => {
    const { result, unmount } = renderHook(() => usePasteHolder());
    pasteIntoDocument(item('image/webp'));
    expect(result.current.files.map((f) => f.type)).toEqual(['webp']);
    expect(result.current.pastedAt).toBe(1_000);

    unmount();
    pasteIntoDocument(item('image/png'));
    expect(pasteStore.get().files.map((f) => f.type)).toEqual(['webp']);
  });

  it('keeps listening until the last holder unmounts, handling each paste once', () => {
    const first = renderHook(() => usePasteHolder());
    const second = renderHook(() => usePasteHolder());
    pasteIntoDocument(item('image/png'));
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    first.unmount();
    pasteIntoDocument(item('image/gif'));
    expect(second.result.current.files.map((f) => f.type)).toEqual(['gif']);

    second.unmount();
    pasteIntoDocument(item('image/jpeg'));
    expect(pasteStore.get().files.map((f) => f.type)).toEqual(['gif']);
  });
});
