// A runner process for the crash tests: the real runner loop (the one `npm run runner` and the desktop
// run) pointed at the platform sandbox, with phase deadlines long enough that a job parks in the phase
// the test stalls it in until the test kills this process with SIGKILL.
import { startRunner } from '@vidmatrix/publisher/runner/runner-loop';
import { sandboxOptions, TEST_TIMEOUTS } from '@vidmatrix/publisher/test-support';
import { join } from 'node:path';

/** What the test hands the process (JSON in RUNNER_PROCESS). */
export interface RunnerProcessConfig {
  serverUrl: string;
  token: string;
  workDir: string;
  sandboxUrl: string;
  slots: number;
  /** How long a verification reads the works list back, ms (default: parked for the test to kill it). */
  verifyMs?: number;
}

const config = JSON.parse(process.env.RUNNER_PROCESS ?? '{}') as RunnerProcessConfig;
const PARK_MS = 10 * 60_000;
startRunner({
  serverUrl: config.serverUrl,
  token: config.token,
  workDir: config.workDir,
  slots: config.slots,
  claimWaitMs: 2_000,
  heartbeatMs: 2_000,
  actionPollMs: 250,
  publisher: sandboxOptions(config.sandboxUrl, join(config.workDir, 'artefacts'), {
    ...TEST_TIMEOUTS,
    upload: PARK_MS,
    submit: PARK_MS,
    verify: config.verifyMs ?? PARK_MS,
  }),
  log: (message, data) => console.log(JSON.stringify({ msg: message, ...data })),
});
console.log(JSON.stringify({ msg: 'runner process started', pid: process.pid }));
