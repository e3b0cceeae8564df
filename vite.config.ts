import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { siteOriginSetting, wantedSiteOrigin } from './scripts/lib.mjs';
import { i18nCatalogues } from './scripts/vite-plugin-i18n.js';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:5000';

/**
 * The public address baked into canonical URLs, Open Graph tags and sitemap.xml of the
 * prerendered pages: SITE_ORIGIN, else PUBLIC_URL, else the local default.
 */
function siteOrigin(): string {
  const origin = wantedSiteOrigin();
  if (origin === null)
    throw new Error(`SITE_ORIGIN must be an absolute http(s) URL, got "${siteOriginSetting()}"`);
  return origin;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), i18nCatalogues(import.meta.dirname)],
  define: {
    __SITE_ORIGIN__: JSON.stringify(siteOrigin()),
    // The year the prerendered pages were written with, so hydration starts from it.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    alias: { '@': path.resolve(import.meta.dirname, 'src') },
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Read by scripts/prerender.tsx to preload each prerendered page's own chunk, then removed.
    manifest: 'build-manifest.json',
    // Every browser the site aims at preloads modules itself (Chrome 66+, Safari 17+, Firefox
    // 115+); an older Safari ignores the hint and loads each chunk when it is imported.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html), and the prerendered public pages' islands, loaded by a boot
      // script once the page has painted (decisions 039 and 041).
      // (The prerender's server build brings its own entry.)
      input: isSsrBuild
        ? undefined
        : {
            index: path.resolve(import.meta.dirname, 'index.html'),
            boot: path.resolve(import.meta.dirname, 'src/client/islands-boot.ts'),
          },
      output: {
        // The entry lists every lazy chunk's file for its preloads; names there cost every
        // page's first load a few bytes each, so lazy chunks are named by their hash alone
        // (the framework, the islands, and the toaster a browser test cuts off by name, keep
        // theirs).
        chunkFileNames: (chunk) =>
          ['framework', 'islands', 'toaster'].includes(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        advancedChunks: {
          // What every page runs in as few files as the two entries allow: React (both),
          // the data layer (both), and what only the app runs (the router). Class merging
          // goes with its first users (the app; an island's drawer when it opens).
          // One file per group compresses better than many small ones.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/]react-router[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: apiTarget,
        changeOrigin: true,
        // The server refuses writes whose Origin is another site; in development the
        // page's origin is Vite's, so present the request as coming from the API's own.
        configure(proxy) {
          proxy.on('proxyReq', (proxyReq) => {
            if (proxyReq.getHeader('origin')) proxyReq.setHeader('origin', apiTarget);
          });
        },
      },
    },
  },
}));
