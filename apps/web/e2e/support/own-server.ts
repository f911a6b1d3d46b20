import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
// `npm run test:e2e` builds the server first; the built file starts in a fraction of tsx's time.
const builtMain = join(repoRoot, 'apps/server/dist/main.js');

/**
 * A server of the test's own (SQLite, in-process jobs) that the test may stop and start again on
 * the same port and data, as an operator restarting it would.
 */
export class OwnServer {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vidmatrix-own-'));
  readonly baseURL: string;
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    readonly demoPassword = 'own-demo-123',
    /** More environment for the server (e.g. RUNNERS=1 and the sandbox as RUNNER_CONNECTOR_BASE). */
    private readonly extraEnv: Record<string, string> = {},
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
  }

  /**
   * Starts the server and resolves once /healthz answers. A start inside a test is setup, not the
   * behaviour under test: the test's timeout grows by the time it took, so load never decides the result.
   */
  async start(): Promise<void> {
    const started = Date.now();
    await this.spawnAndWait();
    const info = test.info();
    if (info.timeout > 0) {
      info.setTimeout(info.timeout + (Date.now() - started));
    }
  }

  private async spawnAndWait(): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      DATA_DIR: this.dataDir,
      DEMO_PASSWORD: this.demoPassword,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // No server runner unless the spec asks for one (it would start a Chromium per login it takes).
      RUNNERS: '0',
      ...this.extraEnv,
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const args = existsSync(builtMain) ? [builtMain] : ['--import', 'tsx', 'apps/server/src/main.ts'];
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env,
      stdio: 'ignore',
    });
    this.child = child;
    // Up to three minutes, as for the shared e2e server: a busy two-core machine starts slowly.
    for (let i = 0; i < 1800; i += 1) {
      if (child.exitCode !== null) {
        throw new Error(`own server on ${this.port} exited with ${child.exitCode}`);
      }
      try {
        if ((await fetch(`${this.baseURL}/healthz`)).ok) {
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`own server on ${this.port} did not start`);
  }

  /** Stops the server and waits for the process to end. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) {
      return;
    }
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}
