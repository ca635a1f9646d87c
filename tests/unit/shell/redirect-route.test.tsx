import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { RedirectRoute } from '../../../src/shell/router/RedirectRoute';

function open(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/redirect', element: <RedirectRoute /> },
      { path: '*', element: <div /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
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
