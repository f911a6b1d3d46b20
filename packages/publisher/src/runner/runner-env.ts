/** Every environment variable `npm run runner` reads, with its meaning (the README's runner table). */
export const RUNNER_ENV = {
  RUNNER_SERVER_URL: 'the API server (required)',
  RUNNER_TOKEN: 'the runner token from the console or `admin server-runner-token` (required)',
  CHROMIUM_PATH: 'the Chromium the runner drives (default /usr/bin/chromium)',
  RUNNER_DIR: 'browser profiles, downloaded videos, artefacts (default ./data/runner)',
  RUNNER_SLOTS: 'jobs at once, each on its own account (default 1)',
  RUNNER_HEADLESS: '0 opens windows (default 1)',
  RUNNER_CONNECTOR_BASE: "every connector's base URL plus /<platform> (default: the real sites)",
} as const;

export type RunnerEnvName = keyof typeof RUNNER_ENV;

/** The variables without which the runner refuses to start. */
export const REQUIRED_RUNNER_ENV = ['RUNNER_SERVER_URL', 'RUNNER_TOKEN'] as const satisfies readonly RunnerEnvName[];

/** The runner's variables from `env`, blank ones left out; main.ts reads nothing else. */
export function readRunnerEnv(env: NodeJS.ProcessEnv): Partial<Record<RunnerEnvName, string>> {
  const read: Partial<Record<RunnerEnvName, string>> = {};
  for (const name of Object.keys(RUNNER_ENV) as RunnerEnvName[]) {
    const value = env[name]?.trim();
    if (value) {
      read[name] = value;
    }
  }
  return read;
}
