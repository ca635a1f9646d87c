import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { settings } from './src/contract/settings';
import { CHAT_API_PATH } from './src/contract/chat';
import pkg from './package.json' with { type: 'json' };

const server = `http://127.0.0.1:${process.env.API_PORT ?? 5201}`;

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'site-title',
      transformIndexHtml: (html) => html.replace('%SITE_TITLE%', settings.title),
    },
    VitePWA({
      // src/shell/update registers the worker itself, to drive the update dialog.
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: settings.title,
        short_name: settings.title,
        description: pkg.description,
        lang: 'zh-CN',
        theme_color: settings.color,
        background_color: '#ffffff',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,ico,woff2}'],
        // Pages open from the cache offline; the server's own paths (as server/http/spa.ts lists
        // them: the API, its docs, the chat API, uploads) never get the app shell instead.
        navigateFallbackDenylist: [/^\/(api|uploads|expireToken|refreshToken)(\/|$)/, CHAT_API_PATH],
        // A first install controls the open pages at once, so they work offline without a reload.
        clientsClaim: true,
        // The worker is one file: nothing more to fetch and keep in step when it installs.
        inlineWorkboxRuntime: true,
        // Workbox's 2 MiB unless set: the bundle benchmark's one-chunk baseline (the whole app in one
        // file, no real build's shape) lifts it to build at all.
        ...(process.env.PWA_PRECACHE_MAX_BYTES ? { maximumFileSizeToCacheInBytes: Number(process.env.PWA_PRECACHE_MAX_BYTES) } : {}),
      },
    }),
  ],
  define: {
    'import.meta.env.APP_VERSION': JSON.stringify(pkg.version),
    'import.meta.env.APP_BUILD_TIME': JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: settings.devPort,
    proxy: {
      '/api': server,
      '/refreshToken': server,
      '/expireToken': server,
      // The chat API and its socket; /chat/assistant and /chat/speech are the console's own pages.
      [CHAT_API_PATH.source]: { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // These packages declare no "sideEffects" although their modules only define things: without
        // this, every antd Input drags the whole form engine and its validator onto the login page.
        moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
    },
  },
});
