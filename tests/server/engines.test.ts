import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
// npm's own range reader, as its engine check uses it.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean; minVersion(range: string): { version: string } | null };

interface LockedPackage {
  engines?: { node?: string };
  optional?: boolean;
}

describe('a fresh install', () => {
  it('prints no engine warning on the lowest Node version the product promises', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const lowest = semver.minVersion(manifest.engines.node)!.version;
    expect(lowest).toBe('20.19.0');
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockedPackage> };
    // npm (arborist's checkEngineAndPlatform) checks every package but the optional ones, which it skips quietly.
    const refusing = Object.entries(lock.packages)
      .filter(([, pkg]) => !pkg.optional && pkg.engines?.node && !semver.satisfies(lowest, pkg.engines.node))
      .map(([name, pkg]) => `${name} wants node ${pkg.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
