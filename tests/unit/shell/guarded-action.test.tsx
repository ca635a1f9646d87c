import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useDebouncedAction, useThrottledAction } from '../../../src/shell/hooks/useGuardedAction';

describe('doEdit throttle and debounce (spec §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('acts on the first click and drops repeats within 2000 ms', () => {
    const save = vi.fn();
    const { result, rerender } = renderHook(() => useThrottledAction(save));
    result.current('a');
    rerender();
    result.current('b');
    vi.advanceTimersByTime(1999);
    result.current('c');
    expect(save.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(2);
    result.current('d');
    expect(save.mock.calls).toEqual([['a'], ['d']]);
  });

  it('acts once, 1000 ms after the last call', () => {
    const edit = vi.fn();
    const { result } = renderHook(() => useDebouncedAction(edit));
    result.current(1);
    vi.advanceTimersByTime(900);
    result.current(2);
    vi.advanceTimersByTime(999);
    expect(edit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(edit.mock.calls).toEqual([[2]]);
  });
});
