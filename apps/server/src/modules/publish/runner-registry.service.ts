import { Code } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { AppError, notFound } from '../../errors.ts';
import { generateToken, hashToken } from '../auth/token.ts';
import type { RunnerRow } from './publish.repository.ts';
import type { RunnerRepository } from './runner.repository.ts';
import type { PublishDeps } from './publish-deps.ts';

/** The authenticated runner of a runner call. */
export type RunnerIdentity = Pick<RunnerRow, 'id' | 'member_id'> &
  Partial<Pick<RunnerRow, 'last_heartbeat' | 'version' | 'accounts_held' | 'drift_due_at' | 'connectors_version'>>;

/** A member's runners: created with a token answered once, revoked, and recognised by that token. */
export class RunnerRegistryService {
  constructor(
    private readonly deps: Pick<PublishDeps, 'now'>,
    private readonly runnerRepo: RunnerRepository,
  ) {}

  /** runner.Runner/create: the token is answered once and stored only as its hash. */
  async createRunner(memberId: number, name: string) {
    const token = `vmr_${generateToken()}`;
    const id = await this.runnerRepo.insertRunner({
      member_id: memberId,
      name,
      token_hash: hashToken(token),
      created_at: this.deps.now(),
    });
    return { runner_id: id, name, token };
  }

  /** runner.Runner/revoke: the token stops working and the runner's leases end now. */
  async revokeRunner(memberId: number, runnerId: number): Promise<void> {
    if (!(await this.runnerRepo.revokeRunner(memberId, runnerId, this.deps.now()))) {
      throw notFound();
    }
  }

  /** The live runner a token belongs to; 401 otherwise. */
  async authenticateRunner(token: string | undefined): Promise<RunnerIdentity> {
    const runner = token ? await this.runnerRepo.runnerByTokenHash(hashToken(token)) : undefined;
    if (!runner) {
      throw new AppError(Code.unauthorized, Msg.runnerTokenInvalid);
    }
    return runner;
  }
}
