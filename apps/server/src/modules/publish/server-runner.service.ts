import type { DriftView } from '@vidmatrix/contract/api/connectors';
import type { RunnerAvailability } from '@vidmatrix/contract/api/publish';
import { RUNNER_ONLINE_MS } from '@vidmatrix/contract/rules/publish-state';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import { generateToken, hashToken } from '../auth/token.ts';
import type { RunnerRow } from './publish.repository.ts';
import type { ServerRunnerRepository } from './server-runner.repository.ts';

/** A server runner not seen for this long is left out of the list (its host is gone), ms. */
const SERVER_RUNNER_LISTED_MS = 24 * 60 * 60_000;

export interface ServerRunnerDeps {
  serverRunnerRepository: ServerRunnerRepository;
  now: () => number;
  /** The last drift check per platform of these runners (the connector module's). */
  driftViews?: (runnerIds: readonly number[]) => Promise<Map<number, DriftView[]>>;
}

/**
 * Server runners (issue 22): the runners `npm start` runs with an operator token, serving members
 * whose level allows it, and what the console shows a member about every runner that can serve them.
 */
export class ServerRunnerService {
  private readonly repo: ServerRunnerRepository;

  constructor(private readonly deps: ServerRunnerDeps) {
    this.repo = deps.serverRunnerRepository;
  }

  /**
   * An operator token for the server runner called `name` (the server's own, or an operator's runner
   * host): a new one on each call, the earlier one stops working. Never shown to a member.
   */
  async register(name: string): Promise<{ runner_id: number; token: string }> {
    const token = `vms_${generateToken()}`;
    const id = await this.repo.register(name, hashToken(token), this.deps.now());
    return { runner_id: id, token };
  }

  /** Every level, with whether server runners serve its members (the admin CLI's `levels`). */
  levels() {
    return this.repo.levels();
  }

  /** Lets server runners serve a level's members, or not; false when there is no such level. */
  setLevelServerRunners(levelId: number, on: boolean): Promise<boolean> {
    return this.repo.setLevelServerRunners(levelId, on);
  }

  /** Whether any runner can serve the member now, and why not (the console's guidance reads it). */
  async availability(memberId: number): Promise<RunnerAvailability> {
    const since = this.deps.now() - RUNNER_ONLINE_MS;
    const [memberOnline, serverOnline, level] = await Promise.all([
      this.repo.memberOnlineCount(memberId, since),
      this.repo.onlineCount(since),
      this.repo.levelOf(memberId),
    ]);
    const serverAllowed = level?.server_runners === 1;
    return {
      ready: memberOnline > 0 || (serverOnline > 0 && serverAllowed),
      member_online: memberOnline,
      server_online: serverOnline,
      server_allowed: serverAllowed,
      level_name: level?.name ?? '',
    };
  }

  /**
   * runner.Runner/list: the member's own runners, then the server runners, each with the member's own
   * jobs it holds now; and whether any of them can serve the member.
   */
  async list(memberId: number) {
    const [own, servers, availability] = await Promise.all([
      this.repo.memberRunners(memberId),
      this.repo.list(this.deps.now() - SERVER_RUNNER_LISTED_MS),
      this.availability(memberId),
    ]);
    const rows = [...own, ...servers];
    const ids = rows.map((r) => r.id);
    const [busy, drift] = await Promise.all([
      this.repo.busyJobs(memberId, ids),
      this.deps.driftViews?.(ids) ?? new Map<number, DriftView[]>(),
    ]);
    const now = this.deps.now();
    const view = (r: RunnerRow) => ({
      runner_id: r.id,
      kind: r.member_id === null ? ('server' as const) : ('member' as const),
      name: r.name,
      online: r.revoked_at === null && r.last_heartbeat !== null && now - r.last_heartbeat < RUNNER_ONLINE_MS,
      version: r.version,
      // A server runner holds profiles of many members: their accounts are none of this member's business.
      accounts_held: r.member_id === null ? [] : (JSON.parse(r.accounts_held) as number[]),
      last_heartbeat: r.last_heartbeat === null ? '' : formatServerTime(r.last_heartbeat),
      create_time: formatServerTime(r.created_at),
      revoked: r.revoked_at !== null,
      busy: busy
        .filter((j) => j.lease_owner === r.id)
        .map((j) => ({ job_id: j.id, title: titleOf(j.content), nickname: j.nickname ?? '' })),
      drift: drift.get(r.id) ?? [],
    });
    return { list: rows.map(view), availability };
  }
}

function titleOf(content: string): string {
  try {
    const parsed = JSON.parse(content) as { title?: unknown };
    return typeof parsed.title === 'string' ? parsed.title : '';
  } catch {
    return '';
  }
}
