import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as FastifyModule from 'fastify';
import type * as FastifyPluginModule from 'fastify-plugin';
import { packageEdits } from '../../scripts/package-edits';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Fastify as the server's build compiles it in (scripts/package-edits.ts), where the routes a
 * plugin adds one after another share one set-up step. Each route must still take the error
 * handler its plugin has once the step runs: a handler set later in the plugin's body, and, for a
 * route added before the plugin awaited a child that changed it, the one from before.
 */
describe("Fastify with the build's edits", () => {
  // dist-server does not exist yet on a fresh clone, whose server tests run before the build.
  fs.mkdirSync(path.join(ROOT, 'dist-server'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, 'dist-server', 'package-edits-'));
  let Fastify: typeof FastifyModule.default;
  let fp: typeof FastifyPluginModule.default;

  beforeAll(async () => {
    const entry = path.join(dir, 'entry.js');
    fs.writeFileSync(entry, "module.exports = { Fastify: require('fastify'), fp: require('fastify-plugin') };\n");
    await build({ absWorkingDir: ROOT, entryPoints: [entry], outfile: path.join(dir, 'out.cjs'), bundle: true, platform: 'node', format: 'cjs', plugins: [packageEdits], logLevel: 'warning', nodePaths: [path.join(ROOT, 'node_modules')] });
    const bundled = createRequire(import.meta.url)(path.join(dir, 'out.cjs')) as { Fastify: typeof Fastify; fp: typeof fp };
    expect(fs.readFileSync(path.join(dir, 'out.cjs'), 'utf8')).toContain('afterPluginLoads');
    ({ Fastify, fp } = bundled);
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives each route the error handler its plugin has when the route is set up', async () => {
    const app = Fastify();
    const handledBy = (name: string) => (_error: Error, _request: unknown, reply: { code(n: number): { send(body: string): void } }) => reply.code(500).send(name);
    const fail = () => {
      throw new Error('failed');
    };
    await app.register(async (plugin) => {
      plugin.get('/before-child', fail);
      // A child sharing the plugin's context sets its error handler once the plugin awaits it.
      await plugin.register(fp(async (child) => void child.setErrorHandler(handledBy('child'))));
      plugin.get('/after-child', fail);
      plugin.get('/after-child-too', fail);
    });
    await app.register(async (plugin) => {
      plugin.get('/first', fail);
      plugin.get('/second', fail);
      plugin.setErrorHandler(handledBy('set after its routes'));
    });
    const answers = Object.fromEntries(
      await Promise.all(['/before-child', '/after-child', '/after-child-too', '/first', '/second'].map(async (url) => [url, (await app.inject({ url })).body])),
    );
    expect(answers['/before-child']).toContain('failed');
    expect(answers).toMatchObject({ '/after-child': 'child', '/after-child-too': 'child', '/first': 'set after its routes', '/second': 'set after its routes' });
    await app.close();
  });

  it("runs each route's hooks: its plugin's (added before or after the route) and its own", async () => {
    const app = Fastify();
    let calls: string[] = [];
    const note = (name: string) => async () => void calls.push(name);
    app.addHook('onRequest', note('app'));
    await app.register(async (plugin) => {
      plugin.get('/plain', async () => 'plain');
      plugin.get('/own', { onRequest: note('own') }, async () => 'own');
      plugin.get('/plain-too', async () => 'plain too');
      plugin.addHook('onRequest', note('plugin'));
      plugin.addHook('onSend', async (_request, _reply, payload) => `${String(payload)}!`);
    });
    app.get('/outside', async () => 'outside');
    const ran: Record<string, [string, string[]]> = {};
    for (const url of ['/plain', '/own', '/plain-too', '/outside']) {
      calls = [];
      ran[url] = [(await app.inject({ url })).body, calls];
    }
    expect(ran).toEqual({
      '/plain': ['plain!', ['app', 'plugin']],
      '/own': ['own!', ['app', 'plugin', 'own']],
      '/plain-too': ['plain too!', ['app', 'plugin']],
      '/outside': ['outside', ['app']],
    });
    await app.close();
  });

  it('refuses a plugin that declares another major version of Fastify, as semver does', async () => {
    const major = Number(Fastify().version.split('.')[0]);
    const register = async (range: string) => {
      const app = Fastify();
      try {
        await app.register(fp(async () => {}, { fastify: range, name: `wants ${range}` }));
        await app.ready();
        return 'registered';
      } catch (error) {
        return (error as { code?: string }).code;
      } finally {
        await app.close().catch(() => undefined);
      }
    };
    expect(await register(`${major}.x`)).toBe('registered');
    expect(await register(`${major - 1}.x`)).toBe('FST_ERR_PLUGIN_VERSION_MISMATCH');
    expect(await register(`${major + 1}.x`)).toBe('FST_ERR_PLUGIN_VERSION_MISMATCH');
    expect(await register(`^${major}.0.0`)).toBe('registered');
    expect(await register(`>=${major + 1}`)).toBe('FST_ERR_PLUGIN_VERSION_MISMATCH');
  });

  it("gives a GET its HEAD twin unless the path has a HEAD route already", async () => {
    const app = Fastify();
    app.get('/twin', async () => 'body');
    app.head('/own-head', async (_request, reply) => reply.header('x-head', 'own').send());
    app.get('/own-head', async () => 'body');
    const twin = await app.inject({ method: 'HEAD', url: '/twin' });
    expect(twin.statusCode).toBe(200);
    expect(twin.headers['content-length']).toBe('4');
    expect((await app.inject({ method: 'HEAD', url: '/own-head' })).headers['x-head']).toBe('own');
    await app.close();
  });
});
