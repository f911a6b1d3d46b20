import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { chromiumProcesses } from '@vidmatrix/publisher/browser-process';
import type { RunnerProcessConfig } from './runner-process.ts';

const RUNNER_SCRIPT = fileURLToPath(new URL('./runner-process.ts', import.meta.url));

/** Runner processes a crash test started, killed in its cleanup. */
export class RunnerProcesses {
  private readonly children: ChildProcess[] = [];

  /** Starts a runner process of its own (its own process group, for the cleanup). */
  start(config: RunnerProcessConfig): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER_SCRIPT], {
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, RUNNER_PROCESS: JSON.stringify(config) },
    });
    this.children.push(child);
    return child;
  }

  /** Cleanup: SIGKILLs every runner's process group (their browsers end by the parent-death signal). */
  killAll(): void {
    for (const child of this.children) {
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }
}

/**
 * `kill -9 <runner>`, the runner alone (Playwright starts each Chromium in a group of its own, so only
 * the parent-death signal the runner launches them with can take them), then waits until neither the
 * runner nor any Chromium on these profiles is left.
 */
export async function killRunner(
  child: ChildProcess,
  profiles: string[],
  until: <T>(what: string, read: () => Promise<T>, check: (value: T) => boolean) => Promise<T>,
): Promise<void> {
  const exit = once(child, 'exit');
  process.kill(child.pid!, 'SIGKILL');
  await exit;
  await until(
    'no Chromium of the killed runner left',
    () => Promise.resolve(profiles.flatMap((dir) => chromiumProcesses(dir))),
    (pids) => pids.length === 0,
  );
}
