// Bundles the main process and the preload into dist/ (CommonJS, as Electron's sandboxed preload needs).
// The contract and the publisher are TypeScript sources in this monorepo, so they are bundled in;
// electron, electron-updater and playwright-core stay external and ship in the app's node_modules.
import { build } from 'esbuild';

const serverUrl = process.env.VIDMATRIX_BUILD_SERVER_URL ?? '';

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  sourcemap: true,
  logLevel: 'info',
  external: ['electron', 'electron-updater', 'playwright-core'],
  define: serverUrl ? { 'process.env.VIDMATRIX_BUILD_SERVER_URL': JSON.stringify(serverUrl) } : {},
};

await build({ ...common, entryPoints: ['src/main/main.ts'], outfile: 'dist/main.cjs' });
// The preload runs in a sandbox that can require only `electron`: everything else is inlined.
await build({
  ...common,
  entryPoints: ['src/preload/preload.ts'],
  outfile: 'dist/preload.cjs',
  external: ['electron'],
  minify: true,
});
