import type { SelectProps } from 'antd';

const FULL_WIDTH = { width: '100%' };

export const SELECT_DEFAULTS: Partial<SelectProps> = {
  style: FULL_WIDTH,
  // The dropdown stays inside a dialog or drawer and scrolls with it.
  getPopupContainer: (node: HTMLElement) => node.parentElement ?? document.body,
};

/** Long option lists get a search box, matching the labels a user reads. */
export const searchable = (count: number): SelectProps['showSearch'] => (count >= 8 ? { optionFilterProp: 'label' } : false);
