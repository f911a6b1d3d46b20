import type { Db } from '../../db/types.ts';
import { HealthRepository } from './health.repository.ts';

/** Liveness and readiness. */
export class HealthService {
  private readonly repo: HealthRepository;

  constructor(deps: { db: Db }) {
    this.repo = new HealthRepository(deps.db);
  }

  /** Throws when the database does not answer. */
  async check(): Promise<{ status: 'ok'; db: 'ok' }> {
    await this.repo.ping();
    return { status: 'ok', db: 'ok' };
  }
}
