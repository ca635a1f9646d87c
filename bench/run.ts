/**
 * `npm run bench`: runs every bench/*.bench.ts one after another and prints their figures as one
 * table. `npm run bench -- chat cold-start` runs only the benchmarks named.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { Benchmark } from './lib/row';
import { formatTable, type ReportedRow } from './lib/table';

const only = process.argv.slice(2);
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.includes(file.slice(0, -'.bench.ts'.length)))
  .sort();
if (files.length === 0) throw new Error(`no benchmark named ${only.join(', ')}`);

// Vite's build sets NODE_ENV=production on this process; a later benchmark's child processes
// must not inherit what an earlier benchmark left behind.
function restoreEnv(saved: NodeJS.ProcessEnv) {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
}

const reported: ReportedRow[] = [];
const failures: string[] = [];
for (const file of files) {
  const benchmark = file.slice(0, -'.bench.ts'.length);
  const started = performance.now();
  const env = { ...process.env };
  process.stderr.write(`running ${benchmark}…\n`);
  try {
    const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as { default?: unknown };
    if (typeof module.default !== 'function') throw new Error(`${file} does not default-export a benchmark function`);
    const rows = await (module.default as Benchmark)();
    for (const row of rows) reported.push({ benchmark, row });
    process.stderr.write(`  ${benchmark} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  } catch (error) {
    failures.push(`${benchmark} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    restoreEnv(env);
  }
}

console.log(`\n${formatTable(reported)}\n`);
for (const failure of failures) console.error(failure);
process.exitCode = failures.length ? 1 : 0;
