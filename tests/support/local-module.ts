import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The file a relative import names, as the bundler finds it (extension or folder index); undefined for a package. */
export function resolveLocalModule(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  });
}
