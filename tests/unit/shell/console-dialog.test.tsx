import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nProvider } from '../../../src/shell/i18n/I18nProvider';
import { ConsoleDialog, type ConsoleDialogProps } from '../../../src/shell/dialog/ConsoleDialog';
import { pasteStore } from '../../../src/shell/utils/paste-holder';
import { languageStore } from '../../../src/shell/i18n/language-store';

function renderDialog(props: Partial<ConsoleDialogProps> = {}) {
  const onCancel = vi.fn();
  const view = render(
    <I18nProvider>
      <ConsoleDialog open title="编辑商品" onCancel={onCancel} {...props}>
        <p>商品内容</p>
      </ConsoleDialog>
    </I18nProvider>,
  );
  return { ...view, onCancel };
}

const modal = () => document.querySelector<HTMLElement>('.ant-modal')!;
const titleHandle = () => screen.getByText('编辑商品');
/** The element the dialog translates while dragging: the one wrapped around antd's panel. */
const movedPanel = () => document.querySelector<HTMLElement>('.ant-modal-render > div')!;

beforeEach(() => {
  // jsdom has no pointer capture; the dialog only needs the call to exist.
  Element.prototype.setPointerCapture = vi.fn();
});

afterEach(() => vi.restoreAllMocks());

describe('ConsoleDialog (spec §4)', () => {
  it('stays open on Escape and on a backdrop click by default', async () => {
    const { onCancel } = renderDialog();
    expect(await screen.findByText('商品内容')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('closes on Escape and a backdrop click when the props say so', async () => {
    const { onCancel } = renderDialog({ keyboard: true, maskClosable: true });
    await screen.findByText('商品内容');
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('lets mask.closable decide over the default', async () => {
    const { onCancel } = renderDialog({ mask: { closable: true } });
    await screen.findByText('商品内容');
    await userEvent.click(document.querySelector('.ant-modal-wrap')!);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('closes with the close button', async () => {
    const { onCancel } = renderDialog({ footer: null });
    await userEvent.click(await screen.findByRole('button', { name: /close|关闭/i }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('toggles fullscreen by a double-click on the title', async () => {
    renderDialog();
    await screen.findByText('商品内容');
    expect(modal().style.width).not.toBe('100vw');
    await userEvent.dblClick(titleHandle());
    expect(modal().style.width).toBe('100vw');
    expect(screen.getByRole('button', { name: '退出全屏' })).toBeTruthy();
    await userEvent.dblClick(titleHandle());
    expect(modal().style.width).not.toBe('100vw');
  });

  it('toggles fullscreen by the header button, placed 51 px from the right edge', async () => {
    renderDialog({ width: 640 });
    const button = await screen.findByRole('button', { name: '全屏' });
    expect(button.getAttribute('style')).toContain('inset-inline-end: 51px');
    await userEvent.click(button);
    expect(modal().style.width).toBe('100vw');
    expect(modal().style.top).toBe('0px');
    expect(document.querySelector<HTMLElement>('.ant-modal-container')!.style.height).toBe('100vh');
    await userEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(modal().style.width).toBe('640px');
    expect(screen.getByRole('button', { name: '全屏' })).toBeTruthy();
  });

  it('hides the fullscreen button with fullscreenButton={false}', async () => {
    renderDialog({ fullscreenButton: false });
    await screen.findByText('商品内容');
    expect(screen.queryByRole('button', { name: '全屏' })).toBeNull();
  });

  it('names the button in English too', async () => {
    languageStore.set('en');
    try {
      renderDialog();
      await userEvent.click(await screen.findByRole('button', { name: 'Fullscreen' }));
      expect(screen.getByRole('button', { name: 'Exit fullscreen' })).toBeTruthy();
    } finally {
      languageStore.set('zh');
    }
  });

  it('moves by its title and stays inside the viewport', async () => {
    renderDialog();
    await screen.findByText('商品内容');
    // jsdom lays nothing out: place the dialog at 200–800 × 100–400 in the 1024 × 768 window.
    vi.spyOn(movedPanel(), 'getBoundingClientRect').mockReturnValue({ left: 200, right: 800, top: 100, bottom: 400 } as DOMRect);

    fireEvent.pointerDown(titleHandle(), { button: 0, pointerId: 1, clientX: 300, clientY: 120 });
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: 350, clientY: 150 });
    expect(movedPanel().style.transform).toBe('translate(50px, 30px)');
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: -5000, clientY: -5000 });
    expect(movedPanel().style.transform).toBe('translate(-200px, -100px)');
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: 5000, clientY: 5000 });
    expect(movedPanel().style.transform).toBe('translate(224px, 368px)');
    fireEvent.pointerUp(titleHandle(), { pointerId: 1 });
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: 300, clientY: 120 });
    expect(movedPanel().style.transform).toBe('translate(224px, 368px)');
  });

  it('does not move when not draggable', async () => {
    renderDialog({ draggable: false });
    await screen.findByText('商品内容');
    fireEvent.pointerDown(titleHandle(), { button: 0, pointerId: 1, clientX: 300, clientY: 120 });
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: 350, clientY: 150 });
    expect(movedPanel().style.transform).toBe('translate(0px, 0px)');
  });

  it('does not move while fullscreen, and comes back to where it was', async () => {
    renderDialog();
    await screen.findByText('商品内容');
    fireEvent.pointerDown(titleHandle(), { button: 0, pointerId: 1, clientX: 300, clientY: 120 });
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: 310, clientY: 130 });
    fireEvent.pointerUp(titleHandle(), { pointerId: 1 });
    await userEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(movedPanel().style.transform).toBe('');
    fireEvent.pointerDown(titleHandle(), { button: 0, pointerId: 1, clientX: 300, clientY: 120 });
    fireEvent.pointerMove(titleHandle(), { pointerId: 1, clientX: 500, clientY: 300 });
    fireEvent.pointerUp(titleHandle(), { pointerId: 1 });
    await userEvent.click(screen.getByRole('button', { name: '退出全屏' }));
    expect(movedPanel().style.transform).toBe('translate(10px, 10px)');
  });

  it('lays a spinner over the body while loading, keeping the content', async () => {
    const { rerender } = renderDialog({ loading: true });
    expect(await screen.findByText('商品内容')).toBeTruthy();
    expect(document.querySelector('.ant-modal-body .ant-spin-spinning')).not.toBeNull();
    rerender(
      <I18nProvider>
        <ConsoleDialog open title="编辑商品">
          <p>商品内容</p>
        </ConsoleDialog>
      </I18nProvider>,
    );
    expect(document.querySelector('.ant-modal-body .ant-spin-spinning')).toBeNull();
    expect(screen.getByText('商品内容')).toBeTruthy();
  });

  it('disallows searching while any dialog is open, until the last one closes', async () => {
    function TwoDialogs() {
      const [open, setOpen] = useState({ a: true, b: true });
      return (
        <I18nProvider>
          <button onClick={() => setOpen((o) => ({ ...o, a: false }))}>close a</button>
          <button onClick={() => setOpen((o) => ({ ...o, b: false }))}>close b</button>
          <ConsoleDialog open={open.a} title="A" />
          <ConsoleDialog open={open.b} title="B" />
        </I18nProvider>
      );
    }
    expect(pasteStore.get().searchAllowed).toBe(true);
    render(<TwoDialogs />);
    expect(pasteStore.get().searchAllowed).toBe(false);
    act(() => screen.getByText('close a').click());
    expect(pasteStore.get().searchAllowed).toBe(false);
    act(() => screen.getByText('close b').click());
    expect(pasteStore.get().searchAllowed).toBe(true);
  });

  it('gives searching back when an open dialog unmounts', () => {
    const { unmount } = renderDialog();
    expect(pasteStore.get().searchAllowed).toBe(false);
    unmount();
    expect(pasteStore.get().searchAllowed).toBe(true);
  });
});
