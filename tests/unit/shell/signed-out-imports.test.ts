import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLocalModule } from '../../support/local-module';

const SRC = resolve(__dirname, '../../../src');

/** Static imports only (not `import()`): what a module's chunk brings along when it loads. */
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/gm;


/** The packages a module and its local static imports name, each with the file that names it. */
function packagesOf(entry: string, seen = new Set<string>(), found = new Map<string, string>()) {
  if (seen.has(entry)) return found;
  seen.add(entry);
  for (const match of readFileSync(entry, 'utf8').matchAll(STATIC_IMPORT)) {
    const spec = match[1] ?? match[2];
    if (!spec.startsWith('.')) {
      if (!found.has(spec)) found.set(spec, relative(SRC, entry));
      continue;
    }
    const target = resolveLocalModule(entry, spec);
    if (target && /\.tsx?$/.test(target)) packagesOf(target, seen, found);
  }
  return found;
}

// antd's components, its style engine and the icons' runtime (which injects styles and carries a palette).
const ANTD = /^(antd|@ant-design\/(cssinjs|icons)|@rc-component\/)(\/|$)/;

/** Issue 17: /login's download is the entry and the login page's chunk; neither may need antd. */
describe('the signed-out pages', () => {
  it.each(['main.tsx', 'shell/auth/LoginPage.tsx', 'shell/auth/RegisterPage.tsx', 'shell/auth/ForgotPasswordPage.tsx', 'shell/auth/QrLoginPanel.tsx'])(
    '%s and what it imports statically name no antd package',
    (file) => {
      const antd = [...packagesOf(join(SRC, file))].filter(([spec]) => ANTD.test(spec)).map(([spec, from]) => `${from} → ${spec}`);
      expect(antd).toEqual([]);
    },
  );
});
