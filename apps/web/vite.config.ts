import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { endpointDescriptors } from './vite.endpoint-descriptors';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const API = { '/api': { target: 'http://127.0.0.1:8080' } };

/**
 * Page navigations (`/device/index.html`, `/admin/user/index.html`, …) get the right application's
 * index.html in dev and preview, as the server does in production. Only requests a browser makes for
 * a document are rewritten; module and asset requests pass through.
 */
function consoleFallback(): Plugin {
  const rewrite = (req: { url?: string; method?: string; headers: { accept?: string } }) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const isPage = path.endsWith('.html') || !/\.[a-z0-9]+$/i.test(path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.headers.accept?.includes('text/html')) return;
    if (!isPage || path.startsWith('/api/') || path.startsWith('/@')) return;
    req.url = path === '/admin' || path.startsWith('/admin/') ? '/admin/index.html' : '/index.html';
  };
  return {
    name: 'storefleet-console-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, _res, next) => {
        rewrite(req);
        next();
      });
    },
  };
}

/**
 * antd's ConfigProvider imports the tooltip `UniqueProvider` (and with it @rc-component/trigger) for its
 * `tooltip.unique` option, which the console does not use: that import gets a stand-in that renders its
 * children, so the popup code loads only with the components that open popups (bench/README.md
 * "Start-up JavaScript", docs/decisions/web.md).
 */
function antdConfigProviderLean(): Plugin {
  const stub = here('src/shared/app/no-tooltip-unique.tsx');
  return {
    name: 'storefleet-antd-config-provider-lean',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../tooltip/UniqueProvider' || !importer) return null;
      return /antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer) ? stub : null;
    },
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react(), consoleFallback(), endpointDescriptors(), antdConfigProviderLean()],
  // `@/…` is apps/web/src (tsconfig.json "paths"): imports name a shared module by its place, not by `../../..`.
  resolve: { alias: { '@': here('src') } },
  server: { host: '127.0.0.1', proxy: API },
  preview: { host: '127.0.0.1', proxy: API },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // What each page downloads is measured by `npm run bench:bundle` (bar: 300 KB gzipped JavaScript per
    // page; figures in bench/README.md "Start-up JavaScript", what loads when in docs/decisions/web.md).
    // Start-up is React and the router, antd's core, i18next, zod and the request/session code; the
    // signed-in shell, every page, each language's texts and ECharts are chunks of their own.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      input: { company: here('index.html'), admin: here('admin/index.html') },
      // The contracts package re-exports every area from one index. Its modules only declare things
      // (schemas, endpoints, enums), so a module none of whose exports is used is left out, and a schema
      // or endpoint nobody uses is dropped: each page carries the endpoints it calls, not all of them.
      treeshake: {
        // antd's rc-component packages declare no `sideEffects` either, though their modules only declare
        // components: without this, Button and Input pull the whole form package and its async validator
        // into start-up (−12 KB gzipped on every page, bench/README.md "Start-up JavaScript").
        moduleSideEffects: [
          { test: /packages[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
          { test: /node_modules[\\/]@rc-component[\\/]/, sideEffects: false },
        ],
        manualPureFunctions: ['z', 'endpoint', 'defineEnum'],
      },
      output: {
        // The start-up chunk shared by both applications would otherwise be named after its first module.
        chunkFileNames: (chunk) =>
          `assets/${chunk.name === 'preload-helper' || chunk.name === 'call' ? 'console' : '[name]'}-[hash].js`,
        // React and the router change rarely: their own chunk stays cached across console releases.
        // antd is deliberately not grouped: a group would pull page-only components (Table…) into start-up.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // The popup positioning of Tooltip, Popover, Select…: left alone it shares a chunk with antd's
            // warning helper, which start-up needs, so every page downloaded it (8.9 KB gzipped).
            // Only trigger's own modules: its dependencies (rc-component util, motion, portal…) are start-up's
            // too and, taken along into this chunk, made every page load it.
            {
              name: 'rc-trigger',
              test: /node_modules[\\/]@rc-component[\\/]trigger[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
