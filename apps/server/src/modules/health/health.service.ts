import type { HealthResult, MediaToolsStatus } from '@vidmatrix/contract/api/health';
import type { HealthRepository } from './health.repository.ts';

/** Liveness and readiness, and what the media tools found at start are good for. */
export class HealthService {
  private readonly repo: Pick<HealthRepository, 'ping'>;
  private readonly media: MediaToolsStatus;

  constructor(deps: { healthRepository: Pick<HealthRepository, 'ping'> }, media: MediaToolsStatus) {
    this.repo = deps.healthRepository;
    // Only the status: binary paths are not for a public endpoint.
    this.media = { source: media.source, version: media.version, clip_ready: media.clip_ready, hint: media.hint };
  }

  /** Throws when the database does not answer. */
  async check(): Promise<HealthResult> {
    await this.repo.ping();
    return { status: 'ok', db: 'ok', media: this.media };
  }
}
