import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const backend = process.env.VITE_PROXY_TARGET ?? 'http://127.0.0.1:8080';
// react-router's exports map only names its development build; production builds take the one without dev warnings.
const routerProduction = new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url).pathname;

export default defineConfig(({ command }) => ({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: {
    proxy: {
      '/api': backend,
      '/storage': backend,
      '/static': backend,
      '/websocket': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    // Every browser the console supports has native modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Every page needs React, the router and Zustand: one long-cached vendor chunk
            // (one file also compresses better than several).
            {
              name: 'react-vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|zustand|use-sync-external-store)[\\/]/,
            },
            // TanStack Query: kept apart so the public /home paints before it loads (app/layouts/query-outlet.tsx).
            {
              name: 'query-vendor',
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
            },
            // The router shell every page runs (request layer, paths, the contract's constants); no TanStack Query.
            {
              name: 'shell',
              test: /(src[\\/]lib[\\/](request|notify|storage-keys|paths|session-store|hydration|brand|desktop|ui-store)\.ts|contract[\\/]src[\\/](constants|codes|messages-core|console-paths)\.ts)$/,
            },
            // @ant-design/icons' runtime (the icon component, colours, style injection), without antd's core:
            // the console shell and /dashboard draw antd icons but use no antd component.
            {
              name: 'icons-vendor',
              test: /node_modules[\\/](@ant-design[\\/](icons[\\/]es[\\/](components[\\/]|\w+\.js$)|colors[\\/]|fast-color[\\/])|clsx[\\/])/,
            },
            // antd's runtime core (theme, css-in-js, config provider), shared by the console pages that use antd.
            {
              name: 'antd-vendor',
              test: /node_modules[\\/](antd[\\/]es[\\/](config-provider|theme|locale|_util|style|app)|@ant-design[\\/](cssinjs|cssinjs-utils|react-slick)|@rc-component[\\/](util|motion|resize-observer)|@emotion|stylis|dayjs)[\\/]/,
            },
          ],
        },
      },
    },
  },
}));
