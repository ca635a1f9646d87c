import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { Icon } from '../../../src/shell/controls/Icon';
import { Button } from '../../../src/shell/controls/Button';

describe('the signed-out pages’ controls', () => {
  it('draw an icon’s SVG attributes as React names them (no unknown-property warning)', () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(<Icon icon={CloseCircleFilled} />);
    expect(container.querySelector('svg')!.getAttribute('fill-rule')).toBe('evenodd');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('space out a two-character Chinese label as the console’s buttons do, and no other', () => {
    render(
      <>
        <Button>登录</Button>
        <Button>获取验证码</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: '登 录' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('a busy submit button neither acts nor submits its form again', async () => {
    const submitted = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const clicked = vi.fn();
    render(
      <form onSubmit={submitted}>
        <Button htmlType="submit" loading onClick={clicked}>
          登录
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: '登 录' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
    expect(clicked).not.toHaveBeenCalled();
  });
});
