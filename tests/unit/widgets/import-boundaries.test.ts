import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/** The lint errors of `code` as if it were the file at `path` (nothing is written). */
async function importErrors(path: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath: path });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('imports point one way: shell → engine → widgets → contract', { timeout: 60_000 }, () => {
  it('a widget importing the engine fails lint', async () => {
    const errors = await importErrors('src/widgets/cells/probe.tsx', "import { useEngineHost } from '../../engine/host';\nexport const probe = useEngineHost;\n");
    expect(errors).toEqual([expect.stringContaining('useWidgetHost')]);
  });

  it('the engine importing a concrete widget fails lint; the widgets’ interface is allowed', async () => {
    const concrete = await importErrors('src/engine/list/probe.ts', "import { BUILTIN_CELLS } from '../../widgets/cells';\nexport const probe = BUILTIN_CELLS;\n");
    expect(concrete).toEqual([expect.stringContaining('registry name')]);
    const contract = await importErrors('src/engine/list/probe.ts', "import { widgetOf } from '../../widgets/interface/registry';\nexport const probe = widgetOf;\n");
    expect(contract).toEqual([]);
  });

  it('the contract importing the engine, and the server importing the console, fail lint', async () => {
    expect(await importErrors('src/contract/probe.ts', "import { listKey } from '../engine/data-provider';\nexport const probe = listKey;\n")).toHaveLength(1);
    expect(await importErrors('server/probe.ts', "import { appRegistry } from '../src/app-registry';\nexport const probe = appRegistry;\n")).toHaveLength(1);
  });
});
