import { hostname } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, type ChromiumEnv } from '@vidmatrix/chromium';
import { PUBLISH_PLATFORMS } from '@vidmatrix/contract/rules/publish-rules';
import type { RunnerHandle, RunnerOptions } from '@vidmatrix/publisher/runner/runner-loop';

/** The operator's log (pino's shape). */
export interface HostLog {
  info(data: Record<string, unknown>, msg: string): void;
  warn(data: Record<string, unknown>, msg: string): void;
}

export interface ServerRunnerHostOptions {
  /** RUNNERS: how many to start (0: none). */
  count: number;
  /** Where the runners reach this server's API (loopback). */
  serverUrl: string;
  /** DATA_DIR/runner: profiles (shared by every server runner, so any of them can run any account's job), videos, artefacts. */
  workDir: string;
  /** An operator token for the runner called `name` (ServerRunnerService.register). */
  register: (name: string) => Promise<{ runner_id: number; token: string }>;
  log: HostLog;
  /** RUNNER_CONNECTOR_BASE: every connector at <base>/<platform> (the platform sandbox); unset: the real sites. */
  connectorBase?: string;
  /** Where Chromium is looked for (CHROMIUM_PATH, PATH); process.env by default. */
  env?: ChromiumEnv;
  /** The publisher's runner loop; tests may wrap it (the real one by default). */
  startRunner?: (options: RunnerOptions) => RunnerHandle;
}

/** The server runners of this process. */
export interface ServerRunners {
  /** How many were started. */
  readonly count: number;
  /** Stops claiming; resolves once their running jobs and logins have ended. */
  stop(): Promise<void>;
}

const NONE: ServerRunners = { count: 0, stop: () => Promise.resolve() };

/**
 * `npm start`'s server runners (issue 22): the publisher's own runner loop and claim protocol, as
 * `npm run runner` and the desktop run it, each with an operator token of its own, headless, on the
 * profiles under DATA_DIR/runner. None when RUNNERS is 0 or no Chromium is found (the console then
 * tells members to use the desktop client or ask the operator).
 */
export async function startServerRunners(options: ServerRunnerHostOptions): Promise<ServerRunners> {
  if (options.count === 0) {
    options.log.info({ runners: 0 }, 'Server runners are off (RUNNERS=0)');
    return NONE;
  }
  let executable: string;
  try {
    executable = chromiumPath(options.env);
  } catch (err) {
    options.log.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'No Chromium found: server runners are off until it is installed',
    );
    return NONE;
  }
  // Loaded only here: a server without runners never loads playwright.
  const start = options.startRunner ?? (await import('@vidmatrix/publisher/runner/runner-loop')).startRunner;
  const { heldAccounts } = await import('@vidmatrix/publisher/runner/auth-loop');
  const base = options.connectorBase;
  const connectors = base
    ? Object.fromEntries(PUBLISH_PLATFORMS.map((p) => [p, { baseUrl: `${base}/${p}` }]))
    : undefined;
  const handles: RunnerHandle[] = [];
  for (let i = 1; i <= options.count; i++) {
    // One row per host and index, so several instances (and restarts) never take each other's token.
    const name = `${hostname()}/${i}`;
    const { runner_id, token } = await options.register(name);
    handles.push(
      start({
        serverUrl: options.serverUrl,
        token,
        workDir: options.workDir,
        publisher: { chromiumPath: executable, headless: true, ...(connectors ? { connectors } : {}) },
        // Harvest passes too (issue 23), at the same base as the connectors when one is set.
        ...(connectors ? { harvest: { overrides: connectors } } : {}),
        accountsHeld: () => heldAccounts(options.workDir),
        log: (message, data) => options.log.info({ runner: runner_id, ...data }, `Server runner: ${message}`),
      }),
    );
    options.log.info({ runner: runner_id, name, chromium: executable }, 'Server runner started');
  }
  return {
    count: handles.length,
    stop: async () => {
      await Promise.all(handles.map((h) => h.stop()));
    },
  };
}

/** DATA_DIR/runner: where server runners keep their browser profiles. */
export function serverRunnerDir(dataDir: string): string {
  return join(dataDir, 'runner');
}
