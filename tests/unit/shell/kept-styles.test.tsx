import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Button } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { keepingCache } from '../../../src/shell/theme/KeptStyles';

const componentStyles = (cache: ReturnType<typeof keepingCache>) => [...cache.cache.entries()].filter(([key]) => key.startsWith('style%'));

describe('the kept antd style cache', () => {
  it('keeps a component’s generated style after its last instance unmounts, and uses it again', () => {
    const cache = keepingCache();
    const first = render(<StyleProvider cache={cache}><Button>保存</Button></StyleProvider>);
    const made = componentStyles(cache);
    expect(made.length).toBeGreaterThan(0);
    expect(made.every(([, [count]]) => count > 0)).toBe(true);

    first.unmount();
    const kept = componentStyles(cache);
    expect(kept.map(([key]) => key)).toEqual(made.map(([key]) => key));
    expect(kept.every(([, [count]]) => count === 0)).toBe(true);

    render(<StyleProvider cache={cache}><Button>保存</Button></StyleProvider>);
    // The same generated style, not one made anew.
    for (const [key, [, style]] of made) expect(cache.cache.get(key)![1]).toBe(style);
  });

  it('writes a component’s style into the page once: later mounts leave its element alone', () => {
    const cache = keepingCache();
    const first = render(<StyleProvider cache={cache}><Button>保存</Button></StyleProvider>);
    const elements = componentStyles(cache).map(([, [, style]]) => document.querySelector(`style[data-css-hash="${(style as string[])[1]}"]`)!);
    expect(elements.length).toBeGreaterThan(0);
    expect(elements.every((element) => element.textContent!.length > 0)).toBe(true);
    // antd writes an element again whenever its text differs from the style: a mark shows whether it did.
    for (const element of elements) element.textContent += '/* kept */';
    first.unmount();
    render(<StyleProvider cache={cache}><Button type="primary">保存</Button></StyleProvider>);
    expect(elements.every((element) => element.isConnected && element.textContent!.endsWith('/* kept */'))).toBe(true);
  });

  it('lets other entries go as antd does', () => {
    const cache = keepingCache();
    cache.opUpdate('token%x', () => [1, 'token']);
    cache.opUpdate('token%x', () => null);
    expect(cache.cache.has('token%x')).toBe(false);
  });
});
