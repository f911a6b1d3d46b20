import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** For tests: the repository root (the server's sources are run from it). */
const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A running API server process (tests only). */
export interface RealServer {
  url: string;
  dataDir: string;
  demoPassword: string;
  stop(): Promise<void>;
}

/**
 * Starts the real API server (`apps/server/src/main.ts` through tsx) in a process of its own, on a
 * scratch SQLite data dir, and resolves once `/healthz` answers: the desktop core is tested against
 * the server it talks to in production, not an imitation of it.
 */
export async function startRealServer(env: Record<string, string> = {}): Promise<RealServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'vm-desktop-server-'));
  const webDist = join(dataDir, 'web');
  await mkdir(webDist, { recursive: true });
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>test</title>');
  const demoPassword = 'desktop-test-123';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) {
      break;
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start (exit ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    demoPassword,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
