import { describe, expect, it } from 'vitest';
import { renderAt } from '../render-at';
import { waitFor } from '@testing-library/react';
import { RedirectRoute } from '../../../src/shell/router/RedirectRoute';

function open(entry: string) {
  return renderAt(
    [
      { path: '/redirect', element: <RedirectRoute /> },
      { path: '*', element: <div /> },
    ],
    entry,
  );
}

describe('/redirect', () => {
  it('hops to the path it is given, with its query', async () => {
    const router = open('/redirect?path=%2Fgoods%2Flist%3Fpage%3D3');
    await waitFor(() => expect(router.state.location.pathname).toBe('/goods/list'));
    expect(router.state.location.search).toBe('?page=3');
  });

  it.each(['//evil.example/x', 'https://evil.example/', ''])('goes home instead of %j', async (path) => {
    const router = open(`/redirect?path=${encodeURIComponent(path)}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
