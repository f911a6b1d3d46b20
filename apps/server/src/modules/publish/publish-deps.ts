import type { Db } from '../../db/types.ts';
import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { StorageDriver } from '../../storage/storage.ts';

/** What every publish service is built from (createPublishServices hands the same to each). */
export interface PublishDeps {
  db: Db;
  now: () => number;
  storage: StorageDriver;
  realtime: RealtimePublisher;
  /** [0,1): jitter of spacing and backoff (tests pin it). */
  random?: () => number;
  /** A job's login check found the account logged out (its cookie_auth_status becomes 2). */
  onLoggedOut?: (memberId: number, enterpriseAccountId: number) => Promise<void>;
}
