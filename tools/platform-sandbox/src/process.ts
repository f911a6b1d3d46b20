import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  /** Closes the sandbox and resolves once its process has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the platform sandbox in a process of its own (benches, the publishing walkthrough): the
 * platform's work never shares the caller's event loop, as a real creator centre's never does.
 */
export async function startSandboxProcess(options: { port?: number } = {}): Promise<SandboxProcess> {
  const child = fork(CHILD, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SANDBOX_PORT: String(options.port ?? 0) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [url] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('the platform sandbox exited before listening');
    }),
  ])) as [string];
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        return;
      }
      const exited = once(child, 'exit');
      child.send('stop');
      await exited;
    },
  };
}
