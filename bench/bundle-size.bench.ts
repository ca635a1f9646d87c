/** The gzip size of the JS each route downloads, against the same app built as one chunk. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type BuildEnvironmentOptions, type Manifest } from 'vite';
import type { BenchRow } from './lib/row';

const ROOT = path.resolve(import.meta.dirname, '..');
// Budgets are stated in KB of 1024 bytes.
const KB = 1024;
const ROUTES: ReadonlyArray<{ name: string; lazyChunk: string; budgetKb?: number }> = [
  { name: '/login', lazyChunk: 'src/shell/auth/LoginPage.tsx', budgetKb: 150 },
  { name: 'console frame', lazyChunk: 'src/shell/layout/ConsoleLayout.tsx' },
];

/** Builds with the project's own config into a temp folder; returns gzip bytes of every JS file in it. */
async function buildJs(outDir: string, extra: BuildEnvironmentOptions = {}): Promise<Map<string, number>> {
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { ...extra, outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
  const sizes = new Map<string, number>();
  for (const entry of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    const file = entry.split(path.sep).join('/');
    // The app's chunks live in assets/; the service worker beside them is no route's download.
    if (!/^assets\/.*\.m?js$/.test(file)) continue;
    sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(outDir, entry)), { level: 9 }).length);
  }
  return sizes;
}

/** The JS files a manifest chunk brings along: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export default async function bundleSize(): Promise<BenchRow[]> {
  const splitDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-split-'));
  const singleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bundle-single-'));
  try {
    const split = await buildJs(splitDir);
    // Vite 8 passes build.rolldownOptions to Rolldown (rollupOptions is a deprecated alias of it), and
    // Rolldown deprecates output.inlineDynamicImports in favour of this equivalent.
    // The whole app in one file is larger than the service worker agrees to precache by default.
    process.env.PWA_PRECACHE_MAX_BYTES = String(64 * 1024 * 1024);
    const single = await buildJs(singleDir, { rolldownOptions: { output: { codeSplitting: false } } }).finally(() => delete process.env.PWA_PRECACHE_MAX_BYTES);
    if (single.size !== 1) throw new Error(`the no-splitting build produced ${single.size} JS files, not one: ${[...single.keys()].join(', ')}`);
    const baseline = [...single.values()][0] / KB;
    const baselineName = 'whole app as one chunk';

    const manifest = JSON.parse(fs.readFileSync(path.join(splitDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
    if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}: ${entries.join(', ')}`);
    const gzipOf = (file: string) => {
      const size = split.get(file);
      if (size === undefined) throw new Error(`${file} is in the manifest but not in ${splitDir}`);
      return size;
    };

    const routeRows = ROUTES.map(({ name, lazyChunk, budgetKb }): BenchRow => {
      const files = staticClosure(manifest, lazyChunk, staticClosure(manifest, entries[0]));
      const bytes = [...files].reduce((sum, file) => sum + gzipOf(file), 0);
      return { name, value: bytes / KB, unit: 'KB', baseline, baselineName, budget: budgetKb, note: `${files.size} JS files` };
    });
    const [largestFile, largestBytes] = [...split].reduce((a, b) => (b[1] > a[1] ? b : a));
    const totalBytes = [...split.values()].reduce((sum, bytes) => sum + bytes, 0);
    return [
      ...routeRows,
      { name: 'largest chunk', value: largestBytes / KB, unit: 'KB', baseline, baselineName, note: path.basename(largestFile) },
      { name: 'total JS', value: totalBytes / KB, unit: 'KB', baseline, baselineName, note: `${split.size} JS files` },
    ];
  } finally {
    fs.rmSync(splitDir, { recursive: true, force: true });
    fs.rmSync(singleDir, { recursive: true, force: true });
  }
}
