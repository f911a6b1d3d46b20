import type {
  ConnectorsResult,
  DriftAccount,
  DriftView,
  RunnerConnectorState,
  driftReportBody,
} from '@vidmatrix/contract/api/connectors';
import { connectorDefinitions, describeIssues } from '@vidmatrix/contract/connector-definition';
import { DRIFT_CHECK_MS } from '@vidmatrix/contract/constants';
import { DRIFT_STATES, type DriftState } from '@vidmatrix/contract/rules/drift';
import { PUBLISH_PLATFORMS, PUBLISH_RULES, publishPlatformOf } from '@vidmatrix/contract/rules/publish-rules';
import { RUNNER_ONLINE_MS } from '@vidmatrix/contract/rules/publish-state';
import { formatServerTime } from '@vidmatrix/contract/rules/time';
import type { z } from 'zod';
import type { ConnectorRepository } from './connector.repository.ts';
import type { RunnerIdentity } from './runner-registry.service.ts';

/** How long an instance answers claims with the definitions version it read last, ms. */
const VERSION_CACHE_MS = 5_000;
/** Accounts a drift check is offered per platform (it tries the first few that are signed in). */
const DRIFT_ACCOUNTS_PER_PLATFORM = 5;
const PLATFORM_IDS = PUBLISH_PLATFORMS.flatMap((p) => PUBLISH_RULES[p].platformIds);

/** A definitions file the schema refused: one line per field that is wrong. */
export class DefinitionsRefused extends Error {
  constructor(readonly issues: string[]) {
    super(`the connector definitions were refused:\n${issues.join('\n')}`);
    this.name = 'DefinitionsRefused';
  }
}

export interface ConnectorDeps {
  connectorRepository: ConnectorRepository;
  now: () => number;
}

/**
 * Connector definitions without a release and the drift check (issue 22): an operator's definitions
 * file becomes the current version, runners learn the version from their claim answers and fetch the
 * file; each online runner is asked for a drift check once a day (and after each import), and its
 * findings are kept per runner and platform for the console.
 */
export class ConnectorService {
  private readonly repo: ConnectorRepository;
  private cached: { version: number; at: number } | undefined;

  constructor(private readonly deps: ConnectorDeps) {
    this.repo = deps.connectorRepository;
  }

  /**
   * `connectors import`: checks a definitions file (JSON text) against the contract and stores it as
   * the new current version; every online runner is asked to check the pages with it. Its version.
   */
  async importDefinitions(text: string, source: string): Promise<{ version: number; platforms: string[] }> {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new DefinitionsRefused([`(file): not JSON (${error instanceof Error ? error.message : String(error)})`]);
    }
    const parsed = connectorDefinitions.safeParse(json);
    if (!parsed.success) {
      throw new DefinitionsRefused(describeIssues(parsed.error));
    }
    const now = this.deps.now();
    const version = await this.repo.insert(JSON.stringify(parsed.data), source, now);
    this.cached = undefined;
    await this.requestDriftChecks();
    return { version, platforms: PUBLISH_PLATFORMS.filter((p) => parsed.data[p] !== undefined) };
  }

  /**
   * The current definitions (runner.Runner/connectors; the CLI's export): version 0 and none before an
   * import. A stored file this server's contract no longer accepts (an upgrade changed the shape) is
   * answered as none under its version, so runners keep their built-in ones until the operator imports again.
   */
  async current(): Promise<ConnectorsResult & { source: string }> {
    const row = await this.repo.current();
    if (!row) {
      return { version: 0, definitions: null, source: '' };
    }
    const parsed = connectorDefinitions.safeParse(JSON.parse(row.body));
    return { version: row.id, definitions: parsed.success ? parsed.data : null, source: row.source };
  }

  /**
   * What a claim answer tells the runner: the current definitions version, and whether a drift check is
   * due. The version the runner reports it runs with is written down when it changed.
   */
  async claimState(runner: RunnerIdentity, reported: number | undefined): Promise<RunnerConnectorState> {
    if (reported !== undefined && reported !== runner.connectors_version) {
      await this.repo.setRunnerVersion(runner.id, reported);
    }
    return {
      connectors_version: await this.version(),
      drift_check: runner.drift_due_at !== undefined && runner.drift_due_at !== null,
    };
  }

  /** The current definitions version (authClaim answers carry it too); read again every few seconds. */
  async version(): Promise<number> {
    const now = this.deps.now();
    if (!this.cached || now - this.cached.at >= VERSION_CACHE_MS || now < this.cached.at) {
      this.cached = { version: await this.repo.currentVersion(), at: now };
    }
    return this.cached.version;
  }

  /** After an import: every online runner is asked for a drift check with the new definitions; how many were. */
  requestDriftChecks(): Promise<number> {
    const now = this.deps.now();
    return this.repo.requestDrift(now - RUNNER_ONLINE_MS, now);
  }

  /** The hourly sweep: online runners not checked for a day (or never) are asked for a drift check; how many. */
  sweepDrift(): Promise<number> {
    const now = this.deps.now();
    return this.repo.requestDrift(now - RUNNER_ONLINE_MS, now, now - DRIFT_CHECK_MS);
  }

  /**
   * runner.Runner/driftPlan: of the accounts whose profiles the runner holds, the signed-in ones it may
   * open for a check (its member's; a server runner's of members its level serves), a few per platform.
   */
  async driftPlan(runner: RunnerIdentity, held: readonly number[]): Promise<DriftAccount[]> {
    const rows = await this.repo.driftAccounts(runner.member_id, held, PLATFORM_IDS);
    const perPlatform = new Map<string, number>();
    return rows.flatMap((row) => {
      const platform = publishPlatformOf(row.platform_id);
      const n = platform ? (perPlatform.get(platform) ?? 0) : DRIFT_ACCOUNTS_PER_PLATFORM;
      if (!platform || n >= DRIFT_ACCOUNTS_PER_PLATFORM) {
        return [];
      }
      perPlatform.set(platform, n + 1);
      return [{ platform, enterprise_account_id: row.id, ip_code: row.ip_code, posts: Number(row.posts ?? 0) }];
    });
  }

  /** runner.Runner/drift: the runner's findings replace its earlier ones; the check is no longer due. */
  async report(runner: RunnerIdentity, body: z.output<typeof driftReportBody>): Promise<void> {
    const now = this.deps.now();
    await this.repo.saveDrift(
      runner.id,
      body.findings.map((f) => ({
        runner_id: runner.id,
        platform: f.platform,
        state: f.state,
        missing: JSON.stringify(f.missing),
        connector_version: f.connector_version,
        connectors_version: body.connectors_version,
        checked_at: now,
      })),
    );
  }

  /** The console's view of these runners' last checks, by runner id (platforms in their usual order). */
  async driftViews(runnerIds: readonly number[]): Promise<Map<number, DriftView[]>> {
    const views = new Map<number, DriftView[]>();
    const order = (p: string) => PUBLISH_PLATFORMS.indexOf(p as (typeof PUBLISH_PLATFORMS)[number]);
    const rows = (await this.repo.driftOf(runnerIds)).sort((a, b) => order(a.platform) - order(b.platform));
    for (const row of rows) {
      const platform = PUBLISH_PLATFORMS.find((p) => p === row.platform);
      if (!platform || !(DRIFT_STATES as readonly string[]).includes(row.state)) {
        continue;
      }
      const list = views.get(row.runner_id) ?? [];
      list.push({
        platform,
        state: row.state as DriftState,
        missing: JSON.parse(row.missing) as string[],
        checked_at: formatServerTime(row.checked_at),
      });
      views.set(row.runner_id, list);
    }
    return views;
  }
}
