import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { StorageDriver } from '../../storage/storage.ts';

/** What the upload, material and music services need besides AppDeps. */
export interface MediaDeps extends AppDeps {
  storage: StorageDriver;
  jobs: JobQueue;
}

/** MediaDeps of a built app. */
export function mediaDepsOf(app: FastifyInstance): MediaDeps {
  return { ...app.deps, storage: app.storage, jobs: app.jobs };
}
