import { useEffect } from 'react';
import { createStore, useStore } from '../store';

export interface PastedFile {
  /** Media subtype: 'png' for image/png, 'mp4' for video/mp4. */
  type: string;
  /** Object URL for previews; revoked when the next paste replaces the list. */
  url: string;
  file: File;
}

export interface PasteState {
  files: PastedFile[];
  /** Time (ms) of the last paste that brought at least one image or video. */
  pastedAt: number | null;
  /** Whether a paste may start a search; off while a dialog is open. */
  searchAllowed: boolean;
}

/** Spec §3 paste holder: what the user last pasted into the page. */
export const pasteStore = createStore<PasteState>({ files: [], pastedAt: null, searchAllowed: true });

const MEDIA = /^(image|video)\/(.+)$/;

/** Spec §4 Paste: a focused page drops the earlier list and keeps every image and video pasted. */
export function handlePaste(event: ClipboardEvent): void {
  if (!document.hasFocus()) return;
  const files: PastedFile[] = [];
  for (const item of Array.from(event.clipboardData?.items ?? [])) {
    const media = MEDIA.exec(item.type);
    const file = media ? item.getAsFile() : null;
    if (media && file) files.push({ type: media[2], url: URL.createObjectURL(file), file });
  }
  for (const old of pasteStore.get().files) URL.revokeObjectURL(old.url);
  pasteStore.set((state) => ({ ...state, files, pastedAt: files.length > 0 ? Date.now() : state.pastedAt }));
}

// The flag a caller asked for, and the dialogs that hold it off: searchAllowed is both combined, so a
// caller's choice survives dialogs opening and closing over it.
let searchRequested = true;
let openDialogs = 0;

function publishSearchAllowed(): void {
  const searchAllowed = searchRequested && openDialogs === 0;
  pasteStore.set((state) => (state.searchAllowed === searchAllowed ? state : { ...state, searchAllowed }));
}

export function setSearchAllowed(flag: boolean): void {
  searchRequested = flag;
  publishSearchAllowed();
}

/** Disallows searching until the returned release is called (once per open dialog). */
export function suspendSearch(): () => void {
  openDialogs += 1;
  publishSearchAllowed();
  let released = false;
  // Idempotent, so a second call cannot lift another dialog's hold.
  return () => {
    if (released) return;
    released = true;
    openDialogs -= 1;
    publishSearchAllowed();
  };
}

let listeners = 0;

// The document registers handlePaste once however many components add it, so the first to unmount
// would remove it for all; the count keeps it until the last one goes.
function listen(): () => void {
  if (listeners++ === 0) document.addEventListener('paste', handlePaste);
  return () => {
    if (--listeners === 0) document.removeEventListener('paste', handlePaste);
  };
}

/** The paste holder's state; pastes into the page are collected while a component using it is mounted. */
export function usePasteHolder(): PasteState {
  useEffect(listen, []);
  return useStore(pasteStore);
}
