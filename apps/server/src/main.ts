import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { appDeps } from './deps.ts';
import { migrateToLatest } from './db/migrator.ts';
import { llmConfigFromEnv } from './lib/chat-completion.ts';
import { seedDatabase } from './seed/seed.ts';
import { serverRunnerDir, startServerRunners, type ServerRunners } from './runners/server-runners.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });

const db = connectDatabase(config);
const applied = await migrateToLatest(db);
log.info({ applied, database: config.databaseUrl ? 'postgres' : 'sqlite' }, 'Database migrated');
await seedDatabase(appDeps(db, Date.now), config, log);

const app = await buildApp({ config, db, logger: { level: config.logLevel } });
// Members are told only to ask their administrator (Msg.clipWriterNotConfigured); the operator learns what to set here.
if (!llmConfigFromEnv(process.env)) {
  app.log.warn(
    'LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the service needs one) are not set: 帮我写文案 and AI剪辑 without scripts are refused; leads are read by the rules alone',
  );
}

/** Set once the port is open; the stop signals may come before. */
const hosted: { runners?: ServerRunners } = {};
/** A job still running when the server stops is left to its lease (another runner verifies it): stop waits this long at most, ms. */
const RUNNERS_STOP_MS = 15_000;

async function shutdown(signal: string): Promise<void> {
  app.log.info({ signal }, 'Shutting down');
  await Promise.race([hosted.runners?.stop(), new Promise((resolve) => setTimeout(resolve, RUNNERS_STOP_MS).unref())]);
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.once('SIGINT', (signal) => void shutdown(signal));
process.once('SIGTERM', (signal) => void shutdown(signal));

try {
  await app.listen({ port: config.port, host: config.host });
  // The first visitor of a content page would otherwise wait for the renderer's import.
  app.warmPublicPages().catch((err: unknown) => app.log.warn({ err }, 'Loading the public pages renderer failed'));
} catch (err) {
  app.log.fatal({ err }, 'Could not start listening');
  await app.close();
  await db.destroy();
  process.exit(1);
}

// The server runners (RUNNERS) claim over HTTP like any runner, so they start once the port is open.
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
hosted.runners = await startServerRunners({
  count: config.runners,
  serverUrl: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
  workDir: serverRunnerDir(config.dataDir),
  register: (name) => app.services.serverRunners.register(name),
  log: app.log.child({ module: 'server-runners' }),
  connectorBase: config.runnerConnectorBase,
}).catch((err: unknown) => {
  app.log.error({ err }, 'Starting the server runners failed');
  return undefined;
});
