/**
 * Leaving a form with unsaved changes asks first. The form reports its dirty state (onDirtyChange)
 * and guards the browser's own leaving (before-unload.ts); the dialog, drawer or page around it
 * closes through `guard` from useLeaveGuard, which confirms while the form is dirty. Small on
 * purpose: the action code imports it without pulling the form renderer in.
 */
import { useCallback, useRef } from 'react';
import { App } from 'antd';
import { useEngineHost } from '../host';

/** The confirm of leaving a dirty form; calls `leave` only when the user chooses to discard. */
export function useConfirmLeave(): (leave: () => void) => void {
  const { t } = useEngineHost();
  const { modal } = App.useApp();
  return useCallback(
    (leave) => {
      modal.confirm({
        title: t('formLeaveTitle'),
        content: t('formLeaveContent'),
        okText: t('formLeaveOk'),
        cancelText: t('formLeaveCancel'),
        okButtonProps: { danger: true },
        onOk: leave,
      });
    },
    [modal, t],
  );
}

/** For the container of a form: pass `onDirtyChange` to the form and close through `guard(close)`. */
export function useLeaveGuard(): { onDirtyChange(dirty: boolean): void; guard(leave: () => void): void } {
  const dirty = useRef(false);
  const confirm = useConfirmLeave();
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const guard = useCallback(
    (leave: () => void) => {
      if (!dirty.current) return leave();
      confirm(() => {
        dirty.current = false;
        leave();
      });
    },
    [confirm],
  );
  return { onDirtyChange, guard };
}
