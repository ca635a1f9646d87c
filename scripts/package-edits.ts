/**
 * Edits the server build makes to packages' sources as it compiles them in, each to spare every
 * start work it does not need. An edit replaces one passage by another; the build fails if a
 * package no longer reads as expected (after an upgrade), rather than bundling it unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

interface SourceEdit {
  /** The file's path under node_modules. */
  file: string;
  from: string;
  to: string;
}

/**
 * find-my-way compiles functions with `new Function` as each route is added: a matcher for every
 * static part of its path, for a route with parameters the function that builds their object, and
 * for every path the function that picks its handler by constraints (host, version), compiled again
 * at each handler added to the path: Fastify's 404 routes alone add one per HTTP method. Several
 * hundred compiles at every start (a code cache does not keep them), for routes most starts never
 * serve, and the constraint picker is only called for a request with constraints. These edits
 * compile the same functions at their first call instead.
 */
const LAZY_ROUTER_COMPILES: readonly SourceEdit[] = [
  {
    file: 'find-my-way/lib/node.js',
    from: `  const lines = []
  for (let i = 1; i < prefix.length; i++) {
    const charCode = prefix.charCodeAt(i)
    lines.push(\`path.charCodeAt(i + \${i}) === \${charCode}\`)
  }
  return new Function('path', 'i', \`'use strict'\\nreturn \${lines.join(' && ')}\`) // eslint-disable-line`,
    to: `  let compiled = null
  return function matchPrefix (path, i) {
    if (compiled === null) {
      const lines = []
      for (let j = 1; j < prefix.length; j++) lines.push(\`path.charCodeAt(i + \${j}) === \${prefix.charCodeAt(j)}\`)
      compiled = new Function('path', 'i', \`'use strict'\\nreturn \${lines.join(' && ')}\`)
    }
    return compiled(path, i)
  }`,
  },
  {
    file: 'find-my-way/lib/handler-storage.js',
    from: `      _createParamsObject: this._compileCreateParamsObject(params)`,
    to: `      _createParamsObject: ((storage, compiled) => function _createParamsObject (p0, p1, p2, p3, extra) {
        if (compiled === null) compiled = storage._compileCreateParamsObject(params)
        return compiled(p0, p1, p2, p3, extra)
      })(this, null)`,
  },
  {
    file: 'find-my-way/lib/handler-storage.js',
    from: `    if (!isMergedTree) {
      this._compileGetHandlerMatchingConstraints(constrainer, constraints)
    }`,
    to: `    if (!isMergedTree) {
      this._getHandlerMatchingConstraints = function compileThenMatch (derivedConstraints) {
        this._compileGetHandlerMatchingConstraints(constrainer, constraints)
        return this._getHandlerMatchingConstraints(derivedConstraints)
      }
    }`,
  },
];

/**
 * Packages that require, as they load, what they only call to answer a request of a kind a start
 * never makes before its first login; each is required at its first use instead (CPU time of every
 * start, in parentheses):
 * - @fastify/static: glob (with path-scurry, lru-cache and minipass, 4 ms), to list a folder when
 *   each file is a route of its own, which the console never asks for (server/http/spa.ts,
 *   `serve: false`); @fastify/send (with mime, http-errors and their tables, 3 ms), to send a file;
 * - @fastify/multipart: busboy (3 ms), to read an upload;
 * - ws: node:zlib, to compress a frame when a client and the server agree on permessage-deflate,
 *   which the console's socket server never offers;
 * - @fastify/websocket: ws itself (with duplexify and readable-stream), to upgrade the first chat
 *   socket: its socket server is made then, or when asked for (`websocketServer`, on shutdown);
 * - pino: its transports (thread-stream, which loads node:worker_threads), for a log sent to a worker
 *   thread, which the console's logger never is; and node:worker_threads itself, to ask whether it
 *   runs on the main thread before flushing its log at exit: the bundle runs on no other (its
 *   workers, db/worker-thread.ts, run sources of their own), and a bare Fastify, which has no
 *   logger, loads neither.
 */
const LAZY_REQUIRES: readonly SourceEdit[] = [
  {
    file: '@fastify/static/index.js',
    from: `const { glob } = require('glob')`,
    to: `const glob = (...args) => require('glob').glob(...args)`,
  },
  {
    file: '@fastify/static/index.js',
    from: `const send = require('@fastify/send')`,
    to: `let loadedSend = null
function loadSend () {
  if (loadedSend === null) {
    loadedSend = require('@fastify/send')
    loadedSend.mime.default_type = 'application/octet-stream'
  }
  return loadedSend
}
const send = Object.defineProperties((...args) => loadSend()(...args), {
  mime: { get: () => loadSend().mime },
  isUtf8MimeType: { get: () => loadSend().isUtf8MimeType }
})`,
  },
  { file: '@fastify/static/index.js', from: `\nsend.mime.default_type = 'application/octet-stream'\n`, to: '\n' },
  {
    file: '@fastify/multipart/index.js',
    from: `const Busboy = require('@fastify/busboy')`,
    // Called with `new`: the object it returns is what `new` gives.
    to: `const Busboy = function LazyBusboy (options) { return new (require('@fastify/busboy'))(options) }`,
  },
  {
    file: '@fastify/websocket/index.js',
    from: `const WebSocket = require('ws')
const Duplexify = require('duplexify')`,
    to: `const WebSocket = function LazyWebSocket (...args) { return new (require('ws'))(...args) }
const Duplexify = function LazyDuplexify (...args) { return new (require('duplexify'))(...args) }`,
  },
  {
    file: '@fastify/websocket/index.js',
    from: `  const wss = new WebSocket.Server(wssOptions)
  fastify.decorate('websocketServer', wss)`,
    to: `  let made = null
  function websocketServer () {
    if (made === null) made = new (require('ws').Server)(wssOptions)
    return made
  }
  fastify.decorate('websocketServer', { getter: websocketServer })`,
  },
  {
    file: '@fastify/websocket/index.js',
    from: `    wss.handleUpgrade(rawRequest, rawRequest[kWs], rawRequest[kWsHead], (socket) => {`,
    to: `    const wss = websocketServer()
    wss.handleUpgrade(rawRequest, rawRequest[kWs], rawRequest[kWsHead], (socket) => {`,
  },
  {
    file: 'pino/lib/tools.js',
    from: `const { isMainThread } = require('worker_threads')
const transport = require('./transport')`,
    to: `const isMainThread = true
const transport = (...args) => require('./transport')(...args)`,
  },
  {
    file: 'pino/pino.js',
    from: `module.exports.transport = require('./lib/transport')`,
    to: `Object.defineProperty(module.exports, 'transport', { enumerable: true, configurable: true, get: () => require('./lib/transport') })`,
  },
  {
    file: 'ws/lib/permessage-deflate.js',
    from: `const zlib = require('zlib');`,
    // Only properties are read off it (its functions and constants), each at its use.
    to: `const zlib = new Proxy({}, { get: (_, name) => require('zlib')[name] });`,
  },
];

/**
 * Fastify finishes setting up a route (its error handler, reply serializer and schema error
 * formatter, which its plugin may still set after adding it) in a step queued behind the route in
 * its plugin's avvio queue, run once the plugin has loaded. A step is an avvio plugin of its own,
 * with a queue, events and a place in the loading timeline: some 130 of them at every start, a
 * fifth of building the app. Here the routes a plugin adds one after another share one step:
 * a route joins the step of the route before it while that step is still the last one queued in
 * the plugin's queue, paused while the plugin's body runs; otherwise (a plugin or another step
 * queued since, or a queue already running) it queues a step of its own. Each route is set up at
 * the same point of the loading order as before, in the same order.
 *
 * At the ready event each route takes its plugin's hooks, bound to the plugin: a step listens for
 * that event once for all its routes (each route's listener was removed from the emitter's list
 * as it ran), and routes without hooks of their own share the plugin's bound hooks rather than
 * binding all ten stages' hooks anew.
 */
const BATCHED_ROUTE_STEPS: readonly SourceEdit[] = [
  {
    file: 'fastify/lib/route.js',
    from: `  let closing = false
`,
    to: `  let closing = false

  const hooksOf = new WeakMap()
  function sharedHooks (instance) {
    let hooks = hooksOf.get(instance)
    if (hooks === undefined) {
      hooks = {}
      for (const hook of lifecycleHooks) {
        const bound = instance[kHooks][hook].map(h => h.bind(instance))
        hooks[hook] = bound.length ? bound : null
      }
      hooksOf.set(instance, hooks)
    }
    return hooks
  }

  let lastStep = null
  function afterPluginLoads (instance, setUp) {
    const plugin = avvio._current[0]
    if (lastStep !== null && lastStep.plugin === plugin && plugin.queue.paused && plugin.queue.length() === lastStep.queued) {
      lastStep.setUps.push(setUp)
      return
    }
    const step = { plugin, queued: 0, setUps: [setUp] }
    instance.after((notHandledErr, done) => {
      if (lastStep === step) lastStep = null
      const whenReady = []
      for (const each of step.setUps) each(whenReady)
      avvio.once('preReady', () => {
        for (const ready of whenReady) ready()
      })
      done(notHandledErr)
    })
    step.queued = plugin.queue.length()
    lastStep = step
  }
`,
  },
  {
    file: 'fastify/lib/route.js',
    from: `      this.after((notHandledErr, done) => {
        // Send context async`,
    to: `      afterPluginLoads(this, (whenReady) => {
        // Send context async`,
  },
  {
    file: 'fastify/lib/route.js',
    from: `        // Run hooks and more
        avvio.once('preReady', () => {
          for (const hook of lifecycleHooks) {
            const toSet = this[kHooks][hook]
              .concat(opts[hook] || [])
              .map(h => h.bind(this))
            context[hook] = toSet.length ? toSet : null
          }`,
    to: `        // Run hooks and more
        whenReady.push(() => {
          const shared = lifecycleHooks.some((hook) => opts[hook]) ? null : sharedHooks(this)
          for (const hook of lifecycleHooks) {
            if (shared !== null) {
              context[hook] = shared[hook]
              continue
            }
            const toSet = this[kHooks][hook]
              .concat(opts[hook] || [])
              .map(h => h.bind(this))
            context[hook] = toSet.length ? toSet : null
          }`,
  },
  {
    file: 'fastify/lib/route.js',
    from: `        })

        done(notHandledErr)
      })`,
    to: `        })
      })`,
  },
];

/**
 * Fastify looks a route's path up among the HEAD routes as it adds the route, to know whether the
 * HEAD twin it would add for a GET is taken already; it looked for every route, GET or not, twin
 * or not (app.ts turns the twins off). It now looks only when it would add one.
 */
const HEAD_LOOKUP_WHEN_NEEDED: readonly SourceEdit[] = [
  {
    file: 'fastify/lib/route.js',
    from: `      const headHandler = router.findRoute('HEAD', opts.url, constraints)
      const hasHEADHandler = headHandler !== null
`,
    to: `      const hasHEADHandler = shouldExposeHead && isGetRoute && !isHeadRoute && router.findRoute('HEAD', opts.url, constraints) !== null
`,
  },
];

/**
 * Fastify checks the Fastify versions each plugin declares against its own as the plugin registers,
 * through semver: about 4 M instructions of every start (a dozen registrations, semver's regular
 * expressions compiled at their first use), every plugin here declaring '5.x'. A range of that form
 * is answered by comparing the major version of a release (no pre-release part), which is what
 * semver answers for it; any other range or version still goes to semver.
 */
const MAJOR_VERSION_CHECKS: readonly SourceEdit[] = [
  {
    file: 'fastify/lib/plugin-utils.js',
    from: `  const fastifyRc = rcRegex.test(this.version)`,
    to: `  const major = /^(\\d+)\\.x$/.exec(requiredVersion)
  if (major !== null && /^\\d+\\.\\d+\\.\\d+$/.test(this.version)) {
    if (this.version.split('.')[0] !== major[1]) throw new FST_ERR_PLUGIN_VERSION_MISMATCH(meta.name, requiredVersion, this.version)
    return
  }

  const fastifyRc = rcRegex.test(this.version)`,
  },
];

const EDITS = [...LAZY_ROUTER_COMPILES, ...LAZY_REQUIRES, ...BATCHED_ROUTE_STEPS, ...HEAD_LOOKUP_WHEN_NEEDED, ...MAJOR_VERSION_CHECKS];

export const packageEdits: Plugin = {
  name: 'package-edits',
  setup(build) {
    const files = [...new Set(EDITS.map((edit) => edit.file))];
    const filter = new RegExp(`node_modules/(${files.map((f) => f.replace(/[.]/g, '\\.')).join('|')})$`);
    build.onLoad({ filter }, async (args) => {
      let source = await fs.promises.readFile(args.path, 'utf8');
      const file = args.path.split(path.sep).join('/');
      for (const edit of EDITS.filter((e) => file.endsWith(`node_modules/${e.file}`))) {
        if (!source.includes(edit.from)) throw new Error(`${args.path} does not read as scripts/package-edits.ts expects`);
        source = source.replace(edit.from, edit.to);
      }
      return { contents: source, loader: 'js' };
    });
  },
};
