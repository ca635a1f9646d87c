import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../../schemas');

function screenFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return screenFiles(path);
    return entry.name.endsWith('.json') && entry.name !== 'screen.schema.json' ? [path] : [];
  });
}

/** Every `api` action anywhere in a screen (toolbars, rows, details, related lists), with its url. */
function apiActions(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => apiActions(item, found));
  else if (node && typeof node === 'object') {
    const action = node as { kind?: unknown; url?: unknown };
    if (action.kind === 'api' && typeof action.url === 'string') found.push(action.url);
    Object.values(node).forEach((value) => apiActions(value, found));
  }
  return found;
}

describe('bundled screens and workflow transitions', () => {
  it('leave a record’s transitions to the buttons drawn from its _actions: no api action calls the resource API', () => {
    const calls = screenFiles(ROOT).flatMap((file) =>
      apiActions(JSON.parse(readFileSync(file, 'utf8'))).filter((url) => url.startsWith('/api/resources/')).map((url) => `${relative(ROOT, file)}: ${url}`),
    );
    expect(calls).toEqual([]);
  });
});
