import { resolve } from 'node:path';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import { startRunner } from './runner-loop.ts';

/**
 * `npm run runner`: a headless runner on a server. RUNNER_SERVER_URL and RUNNER_TOKEN (created in the
 * console) are required; CHROMIUM_PATH, RUNNER_DIR (profiles, videos, artefacts; ./data/runner),
 * RUNNER_SLOTS (1), RUNNER_HEADLESS (1) and RUNNER_CONNECTOR_BASE (every connector's base URL + /<platform>,
 * e.g. the platform sandbox) are optional.
 */
function main(): void {
  const env = process.env;
  const serverUrl = env.RUNNER_SERVER_URL;
  const token = env.RUNNER_TOKEN;
  if (!serverUrl || !token) {
    console.error('RUNNER_SERVER_URL and RUNNER_TOKEN are required');
    process.exit(1);
  }
  const slots = Number(env.RUNNER_SLOTS ?? '1');
  if (!Number.isInteger(slots) || slots < 1) {
    console.error('RUNNER_SLOTS must be a positive integer');
    process.exit(1);
  }
  const base = env.RUNNER_CONNECTOR_BASE?.replace(/\/$/, '');
  const runner = startRunner({
    serverUrl,
    token,
    slots,
    workDir: resolve(env.RUNNER_DIR ?? 'data/runner'),
    publisher: {
      chromiumPath: env.CHROMIUM_PATH,
      headless: env.RUNNER_HEADLESS !== '0',
      ...(base
        ? { connectors: Object.fromEntries(PUBLISH_PLATFORMS.map((p) => [p, { baseUrl: `${base}/${p}` }])) }
        : {}),
    },
    // The same base serves the harvest pages (the sandbox imitates both).
    ...(base
      ? { harvest: { overrides: Object.fromEntries(PUBLISH_PLATFORMS.map((p) => [p, { baseUrl: `${base}/${p}` }])) } }
      : {}),
    log: (message, data) => console.log(JSON.stringify({ time: new Date().toISOString(), msg: message, ...data })),
  });
  const stop = () => {
    void runner.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  console.log(JSON.stringify({ msg: 'runner started', serverUrl, slots }));
}

main();
