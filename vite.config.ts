import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { settings } from './src/contract/settings';

const server = `http://127.0.0.1:${process.env.API_PORT ?? 5201}`;

export default defineConfig({
  plugins: [
    react(),
    {
      name: 'site-title',
      transformIndexHtml: (html) => html.replace('%SITE_TITLE%', settings.title),
    },
  ],
  server: {
    port: settings.devPort,
    proxy: {
      '/api': server,
      '/refreshToken': server,
      '/expireToken': server,
      '/chat': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});
