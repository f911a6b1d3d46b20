import pino from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { migrateToLatest } from './db/migrator.ts';
import { seedDatabase } from './db/seed.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });

const db = connectDatabase(config);
const applied = await migrateToLatest(db);
log.info({ applied, database: config.databaseUrl ? 'postgres' : 'sqlite' }, 'Database migrated');
await seedDatabase({ db, now: Date.now }, config, log);

const app = await buildApp({ config, db, logger: { level: config.logLevel } });

async function shutdown(signal: string): Promise<void> {
  app.log.info({ signal }, 'Shutting down');
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
