import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { i18nCatalogues } from './scripts/vite-plugin-i18n.js';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:5000';

/**
 * The public address baked into canonical URLs, Open Graph tags and sitemap.xml of the
 * prerendered pages: SITE_ORIGIN, else PUBLIC_URL, else the local default.
 */
function siteOrigin(): string {
  const value = process.env.SITE_ORIGIN || process.env.PUBLIC_URL || 'http://localhost:5000';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_ORIGIN must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`SITE_ORIGIN must be an absolute http(s) URL, got "${value}"`);
  }
  return url.origin;
}

export default defineConfig({
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
      output: {
        // The entry lists every lazy chunk's file for its preloads; names there cost every
        // page's first load a few bytes each, so lazy chunks are named by their hash alone
        // (the framework, and the toaster a browser test cuts off by name, keep theirs).
        chunkFileNames: (chunk) =>
          ['framework', 'toaster'].includes(chunk.name)
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        advancedChunks: {
          // What every page runs (React, the router, the data layer, class merging) in one
          // file: one request, and it compresses better than five small ones.
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx)[\\/]/,
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
});
