import { join, resolve } from 'node:path';
import { driftText } from '@vidmatrix/contract/rules/drift';
import { PUBLISH_PLATFORM_NAMES, PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import { ConnectorSync } from './connector-sync.ts';
import { runDriftTask } from './drift-task.ts';
import { RunnerClient } from './runner-client.ts';
import { readRunnerEnv, type RunnerEnvName } from './runner-env.ts';
import { startRunner } from './runner-loop.ts';

type RunnerEnv = Partial<Record<RunnerEnvName, string>>;

/** Every connector at RUNNER_CONNECTOR_BASE + /<platform> (the platform sandbox), when set. */
function connectorBase(env: RunnerEnv) {
  const base = env.RUNNER_CONNECTOR_BASE?.replace(/\/$/, '');
  return base ? { connectors: Object.fromEntries(PUBLISH_PLATFORMS.map((p) => [p, { baseUrl: `${base}/${p}` }])) } : {};
}

/**
 * `npm run runner -- --check`: one drift check of every platform with the runner's signed-in accounts
 * (no upload, no post), printed per platform and reported to the server; exits 1 when a page changed.
 */
async function check(serverUrl: string, token: string, env: RunnerEnv): Promise<number> {
  const client = new RunnerClient(serverUrl, token);
  const sync = new ConnectorSync(client, () => undefined);
  await sync.refresh().catch(() => undefined); // unreachable or unusable: the built-in definitions are checked
  const workDir = resolve(env.RUNNER_DIR ?? 'data/runner');
  const findings = await runDriftTask(client, sync, {
    workDir,
    publisher: {
      artefactDir: join(workDir, 'artefacts'),
      chromiumPath: env.CHROMIUM_PATH,
      headless: env.RUNNER_HEADLESS !== '0',
      ...connectorBase(env),
    },
  });
  for (const f of findings) {
    console.log(`${PUBLISH_PLATFORM_NAMES[f.platform]}\t${driftText(f.state, f.missing)}\t${f.connector_version}`);
  }
  return findings.some((f) => f.state === 'changed') ? 1 : 0;
}

/**
 * `npm run runner`: a headless runner on a server. RUNNER_SERVER_URL and RUNNER_TOKEN (created in the
 * console) are required; CHROMIUM_PATH, RUNNER_DIR (profiles, videos, artefacts; ./data/runner),
 * RUNNER_SLOTS (1), RUNNER_HEADLESS (1) and RUNNER_CONNECTOR_BASE (every connector's base URL + /<platform>,
 * e.g. the platform sandbox) are optional. `--check` runs one drift check instead.
 */
function main(): void {
  const env = readRunnerEnv(process.env);
  const serverUrl = env.RUNNER_SERVER_URL;
  const token = env.RUNNER_TOKEN;
  if (!serverUrl || !token) {
    console.error('RUNNER_SERVER_URL and RUNNER_TOKEN are required');
    process.exit(1);
  }
  if (process.argv.includes('--check')) {
    check(serverUrl, token, env).then(
      (code) => process.exit(code),
      (err: unknown) => {
        console.error(`drift check failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(2);
      },
    );
    return;
  }
  const slots = Number(env.RUNNER_SLOTS ?? '1');
  if (!Number.isInteger(slots) || slots < 1) {
    console.error('RUNNER_SLOTS must be a positive integer');
    process.exit(1);
  }
  const sites = connectorBase(env);
  const runner = startRunner({
    serverUrl,
    token,
    slots,
    workDir: resolve(env.RUNNER_DIR ?? 'data/runner'),
    publisher: {
      chromiumPath: env.CHROMIUM_PATH,
      headless: env.RUNNER_HEADLESS !== '0',
      ...sites,
    },
    // The same base serves the harvest pages (the sandbox imitates both).
    ...(sites.connectors ? { harvest: { overrides: sites.connectors } } : {}),
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
