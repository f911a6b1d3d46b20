import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobPrefixOf } from '../src/jobs/create-job-queue.ts';
import { DEMO_PASSWORD, type TestContext } from './helpers.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Longest a child may take to start on a busy 2-core machine (tsx compiles the server first); a
 * deadline for a hang to show its output, not a timing.
 */
const START_DEADLINE_MS = 150_000;

/** A server entry running as a real child process (the worker and crash tests). */
export interface Child {
  process: ChildProcess;
  /**
   * Resolves with the first pino line whose msg passes `match`; rejects with the child's output when
   * it exits first or no such line comes within `withinMs`, so a stuck start says where it stuck.
   */
  waitFor(match: (msg: string) => boolean, withinMs?: number): Promise<Record<string, unknown>>;
  output(): string;
}

/** Starts `entry` (TypeScript, through tsx) as a real child process and collects its pino lines. */
export function start(entry: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'src', entry)], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const waiters: { match: (msg: string) => boolean; resolve: (line: Record<string, unknown>) => void }[] = [];
  const lines: Record<string, unknown>[] = [];
  const offer = (line: Record<string, unknown>) => {
    for (const waiter of [...waiters]) {
      if (typeof line.msg === 'string' && waiter.match(line.msg)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    pending += chunk.toString('utf8');
    const parts = pending.split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) {
      try {
        const line = JSON.parse(part) as Record<string, unknown>;
        lines.push(line);
        offer(line);
      } catch {
        // not a pino line
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return {
    process: child,
    output: () => text,
    waitFor: (match, withinMs = START_DEADLINE_MS) =>
      new Promise((resolve, reject) => {
        const seen = lines.find((line) => typeof line.msg === 'string' && match(line.msg));
        if (seen) {
          resolve(seen);
          return;
        }
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`${entry}: the awaited line did not come within ${withinMs / 1000} s:\n${text}`));
        }, withinMs);
        const waiter = {
          match,
          resolve: (line: Record<string, unknown>) => {
            clearTimeout(timer);
            resolve(line);
          },
        };
        waiters.push(waiter);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${entry} exited ${code}:\n${text}`));
        });
      }),
  };
}

/** Stops a child politely (SIGTERM) and waits for it to exit. */
export function stop(child: Child | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill('SIGTERM');
  });
}

/**
 * The environment of a server child on a test's database and data directory, with its own Redis prefix
 * (whose keys the test context deletes when it closes).
 */
export function childEnv(ctx: TestContext, prefix: string): Record<string, string> {
  const redisPrefix = `${prefix}-${randomBytes(6).toString('hex')}`;
  ctx.redisKeyPrefixes.push(redisPrefix, jobPrefixOf(ctx.config, redisPrefix));
  return {
    DATA_DIR: ctx.config.dataDir,
    WEB_DIST: ctx.config.webDist,
    DEMO_PASSWORD,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    // Queues, rate limits and channels of this test alone when it shares Redis with others.
    REDIS_PREFIX: redisPrefix,
    DATABASE_URL: ctx.processDatabaseUrl ?? '',
    REDIS_URL: ctx.config.redisUrl ?? '',
  };
}
