import type { RealtimePublisher } from '../../realtime/hub.ts';
import type { DomainEventEmitter } from '../../lib/events.ts';
import type { Transaction } from '../../repositories.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { HarvestWorkRepository } from '../customer/harvest-work.repository.ts';

/** What every publish service is built from (compose.ts hands the same to each). */
export interface PublishDeps {
  now: () => number;
  storage: StorageDriver;
  realtime: RealtimePublisher;
  /** One commit for a claim's writes, with the harvest rows it fences (repositories.ts). */
  transaction: Transaction;
  /** The harvest side of a claim's exclusivity, when a claim's writes run outside one transaction. */
  harvestWorkRepository: Pick<HarvestWorkRepository, 'fenceForPublish'>;
  /** Tells the modules that react when a job's login check found the account logged out (`account.logged_out`). */
  events: DomainEventEmitter;
  /** [0,1): jitter of spacing and backoff (tests pin it). */
  random?: () => number;
}
