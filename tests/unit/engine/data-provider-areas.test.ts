import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../src/engine/data-provider';
import type { EngineHost } from '../../../src/engine/host';
import type { RulePreviewBody } from '../../../src/contract/api/quoting';

/** A data provider over a request client that answers every call with nothing, and the spy that saw the calls. */
function provider() {
  const request = vi.fn((_url: string, _body?: unknown, _options?: unknown) => Promise.resolve(undefined));
  return { request, data: createDataProvider({ request: request as unknown as EngineHost['request'], download: async () => {} }) };
}

describe("an area's typed calls beside the resource API", () => {
  it('reads the ask page by its number with a silent GET, the number URL-encoded', async () => {
    const { request, data } = provider();
    await data.quoting.handleFind('XJ 0007&x');
    expect(request).toHaveBeenCalledWith('/api/quoting/handlefind?name=XJ+0007%26x', undefined, { method: 'GET', silent: true });
  });

  it("posts a rule's preview silently, the rule as the body", async () => {
    const { request, data } = provider();
    const rule = { name: '轴承', match_type: 'keyword', match_value: '轴承' } as RulePreviewBody;
    await data.quoting.rulePreview(rule);
    expect(request).toHaveBeenCalledWith('/api/quoting/rule-preview', rule, { silent: true });
  });

  it('offers no untyped call to an arbitrary route', () => {
    expect(Object.keys(provider().data)).not.toContain('custom');
  });
});
