/**
 * What the sweep looks for on a page, run inside the page (page.evaluate): everything a user would
 * call broken at a glance. Each finding is one line naming what and where, so a failing sweep reads
 * as a list of defects. The function must stay self-contained: it is serialised into the browser.
 */
export interface InspectOptions {
  /** Admins may see view ids and the designer hint; nobody else may. */
  admin: boolean;
  /** Every view id of the menu, which a non-admin must never read on a page. */
  viewIds: string[];
  /** The top-level i18n namespaces: "layout.searchMenu" on a page is a key shown instead of its text. */
  i18nNamespaces: string[];
  /** 1440 px wide: table headers must fit and the pinned operations column cover nothing. */
  desktop: boolean;
  /** Dark mode: sampled text must reach 4.5:1 against what is behind it. */
  dark: boolean;
  /** What a menu page says when its view has no screen: the admin's 这个页面还没有搭建, everyone else's 这个页面还在准备中. */
  unbuilt: string[];
}

export function inspectPage(options: InspectOptions): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const shown = (el: Element) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  const where = (el: Element) => {
    const cls = typeof el.className === 'string' ? el.className.split(/\s+/).filter(Boolean).slice(0, 2).join('.') : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
    return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
  };
  const inViewport = (r: DOMRect) => r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < window.innerHeight;

  // An error panel, or a page that is not found.
  for (const el of document.querySelectorAll('.ant-result-error, .ant-result-403, .ant-result-404, .ant-result-500, .ant-alert-error')) {
    if (shown(el)) problems.push(`error panel ${where(el)}`);
  }
  // A refusal or failure toasted as the page opened (a read the page should not have asked for).
  for (const el of document.querySelectorAll('.ant-message-error, .ant-notification-notice-error')) {
    if (shown(el)) problems.push(`error toast ${where(el)}`);
  }
  const text = document.body.innerText;
  if (text.includes('未找到页面')) problems.push('shows 未找到页面');
  // A menu item is a promise of a page: an empty one is a defect for admins too, however helpful its hint.
  for (const words of options.unbuilt) if (text.includes(words)) problems.push(`no screen behind the menu item: shows ${words}`);

  // Developer words for a non-admin: view ids, the designer, i18n keys.
  if (!options.admin) {
    for (const id of options.viewIds) if (text.includes(id)) problems.push(`shows the view id ${id}`);
    if (/设计器/.test(text)) problems.push('mentions the 设计器');
  }
  const key = new RegExp(`(?:^|[^\\w./-])((?:${options.i18nNamespaces.join('|')})\\.[a-z][A-Za-z0-9]+)(?![\\w./-])`);
  const keyHit = key.exec(text);
  if (keyHit) problems.push(`shows the i18n key ${keyHit[1]}`);

  // Two elements with one id, in this page or any page kept open in a tab: a label or an aria
  // reference would name the other one's element.
  const ids = new Map<string, number>();
  for (const el of document.querySelectorAll('[id]')) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
  const shared = [...ids].filter(([, count]) => count > 1).map(([id]) => id);
  if (shared.length) problems.push(`elements share the id${shared.length > 1 ? 's' : ''} ${shared.slice(0, 5).join(', ')}`);

  // A page wider than the window.
  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (scrollWidth > width + 1) problems.push(`page is ${scrollWidth}px wide in a ${width}px window`);

  // Text that wraps one character per line, or spills out of the window.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let wrapped = 0;
  for (let node = walker.nextNode(); node && wrapped < 5; node = walker.nextNode()) {
    const chars = (node.textContent ?? '').replace(/\s+/g, '');
    const parent = node.parentElement;
    if (chars.length < 2 || !parent || !shown(parent)) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const lines = new Set(rects.map((r) => Math.round(r.top))).size;
    if (lines >= 2 && chars.length / lines <= 1.5) {
      problems.push(`text wraps one character per line: ${where(parent)}`);
      wrapped++;
    }
  }

  // Header controls: none overlaps another, none runs out of the window.
  const header = document.querySelector('.console-header');
  if (header && shown(header)) {
    const all = [...header.querySelectorAll('button, a[href], .console-user, .console-brand, [role=button]')].filter((el) => shown(el));
    const controls = all.filter((el) => !all.some((other) => other !== el && other.contains(el)));
    const rects = controls.map((el) => el.getBoundingClientRect());
    controls.forEach((el, i) => {
      const r = rects[i]!;
      if (r.width === 0) return;
      if (r.right > width + 1 || r.left < -1) problems.push(`header control out of the window: ${where(el)}`);
      for (let j = i + 1; j < controls.length; j++) {
        const o = rects[j]!;
        const overlap = Math.max(0, Math.min(r.right, o.right) - Math.max(r.left, o.left)) * Math.max(0, Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top));
        if (overlap > 4) problems.push(`header controls overlap: ${where(el)} and ${where(controls[j]!)}`);
      }
    });
  }

  // A side-menu label cut by its ellipsis: users read the menu, so every label shows whole.
  for (const el of document.querySelectorAll('.ant-menu-inline .ant-menu-title-content')) {
    if (shown(el) && el.scrollWidth > el.clientWidth) problems.push(`menu label cut: ${where(el)}`);
  }

  // A list's toolbar: one refresh control, and its tools on the first line beside the actions.
  for (const bar of document.querySelectorAll('.engine-list-toolbar')) {
    if (!shown(bar)) continue;
    const refreshes = [...bar.querySelectorAll('.anticon-reload')].filter(shown).length;
    if (refreshes > 1) problems.push(`list toolbar has ${refreshes} refresh controls`);
    const tools = bar.querySelector('.engine-list-tools');
    if (tools && shown(tools) && tools.getBoundingClientRect().top > bar.getBoundingClientRect().top + 4) problems.push('list toolbar tools wrap below its actions');
  }

  if (options.desktop) {
    // Column headers cut short, in the engine's tables and antd's: the header's text is wider than the
    // room inside its cell. (Not scrollWidth: a pinned cell's shadow is a pseudo-element past its edge.)
    for (const el of document.querySelectorAll<HTMLElement>('.engine-th-title, .ant-table-thead > tr > th')) {
      if (!shown(el) || !el.textContent?.trim()) continue;
      range.selectNodeContents(el);
      const style = getComputedStyle(el);
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (range.getBoundingClientRect().width > room + 1) problems.push(`column header clipped: ${where(el)}`);
    }
    for (const scroller of document.querySelectorAll<HTMLElement>('.engine-table-scroll')) {
      if (!shown(scroller)) continue;
      // Scrolled to its end, the last scrolling column must sit beside the pinned operations column, not under it.
      const before = scroller.scrollLeft;
      scroller.scrollLeft = scroller.scrollWidth;
      const pinned = scroller.querySelector('thead .is-pin-end-edge');
      const free = [...scroller.querySelectorAll('thead th:not(.is-pinned)')];
      if (pinned && free.length) {
        const edge = pinned.getBoundingClientRect().left;
        const last = free.at(-1)!;
        if (last.getBoundingClientRect().right > edge + 1) problems.push(`pinned operations column covers ${where(last)}`);
      }
      scroller.scrollLeft = before;
      // A short value (a date, an amount, an id) that wraps inside its cell.
      let cells = 0;
      for (const td of scroller.querySelectorAll('.engine-td')) {
        if (cells >= 3) break;
        const inner = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
        for (let node = inner.nextNode(); node; node = inner.nextNode()) {
          const value = (node.textContent ?? '').trim();
          if (value.length < 2 || value.length > 32) continue;
          range.selectNodeContents(node);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
          if (lines > 1) {
            problems.push(`cell value wraps: ${where(td)}`);
            cells++;
            break;
          }
        }
      }
    }
  }

  if (options.dark) {
    // Contrast of sampled text against the colours behind it (WCAG: 4.5:1, 3:1 for large text).
    const parse = (colour: string): [number, number, number, number] | null => {
      const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(colour);
      return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : null;
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!));
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    /** What is painted behind an element: its and its ancestors' fills, stacked; null over a picture. */
    const backdrop = (el: Element): number[] | null => {
      const layers: number[][] = [];
      for (let at: Element | null = el; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.backgroundImage.includes('url(')) return null;
        const gradient = parse(style.backgroundImage);
        const fill = parse(style.backgroundColor);
        if (gradient && gradient[3] > 0) layers.push(gradient);
        if (fill && fill[3] > 0) {
          layers.push(fill);
          if (fill[3] >= 1) break;
        }
      }
      let colour = [255, 255, 255];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const seen = new Set<string>();
    let sampled = 0;
    for (const el of document.querySelectorAll('body *')) {
      if (sampled > 600 || seen.size >= 6) break;
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /[\p{L}\p{N}]/u.test(n.textContent ?? ''));
      if (!own || !shown(el) || !inViewport(el.getBoundingClientRect())) continue;
      if (el.closest('[disabled], [aria-disabled=true], .ant-btn-disabled, .ant-select-selection-placeholder, .ant-select-placeholder, .ant-menu-item-disabled, .ant-picker-cell:not(.ant-picker-cell-in-view), [aria-hidden=true]')) continue;
      sampled++;
      const style = getComputedStyle(el);
      const fg = parse(style.color);
      const bg = backdrop(el);
      if (!fg || !bg) continue;
      const ink = over([...fg.slice(0, 3), fg[3] * Number(style.opacity)], bg);
      const [a, b] = [luminance(ink), luminance(bg)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.6 && Number(style.fontWeight) >= 700);
      const label = `${style.color} on rgb(${bg.map(Math.round).join(',')})`;
      if (ratio < (large ? 3 : 4.5) && !seen.has(label)) {
        seen.add(label);
        problems.push(`contrast ${ratio.toFixed(2)}:1 (${label}) ${where(el)}`);
      }
    }
  }
  return problems;
}
