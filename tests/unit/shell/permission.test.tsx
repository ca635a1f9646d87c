import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Permission } from '../../../src/shell/auth/Permission';
import { sessionStore, type Session } from '../../../src/shell/auth/session';

const session = (role: string[], permission: string[]): Session => ({
  user_info: { id: 1, name: 'x', logo: '/avatar.svg' },
  role,
  role_type: [],
  permission,
  team: { id: 1, name: 't', type: 1 },
  menu: [],
});

describe('<Permission>', () => {
  afterEach(() => {
    // Unmount first: the views read the session and are never rendered without one in the console.
    cleanup();
    sessionStore.set(null);
  });

  it('renders its children when the check passes and nothing when it fails', () => {
    sessionStore.set(session(['seller'], ['goods:edit']));
    render(
      <>
        <Permission requires="goods:edit">
          <button>编辑</button>
        </Permission>
        <Permission requires={{ permission: ['goods:delete'] }}>
          <button>删除</button>
        </Permission>
      </>,
    );
    expect(screen.queryByText('编辑')).not.toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('lets the admin role through everything', () => {
    sessionStore.set(session(['admin'], []));
    render(
      <Permission requires={{ permission: ['anything'], mode: 'allOf' }}>
        <span>全部</span>
      </Permission>,
    );
    expect(screen.queryByText('全部')).not.toBeNull();
  });

  it('shows nothing to a visitor', () => {
    render(
      <Permission requires="goods:edit">
        <span>秘密</span>
      </Permission>,
    );
    expect(screen.queryByText('秘密')).toBeNull();
  });
});
