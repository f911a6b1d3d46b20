import type { DriftFinding } from '@vidmatrix/contract/api/connectors';
import { runDriftCheck, type DriftTarget } from '../drift-check.ts';
import type { PublisherOptions } from '../run-job.ts';
import { heldProfiles, profileDirOf } from './auth-loop.ts';
import type { ConnectorSync } from './connector-sync.ts';
import type { RunnerClient } from './runner-client.ts';
import { proxyOf } from './proxy.ts';

export interface DriftTaskOptions {
  workDir: string;
  publisher: PublisherOptions;
  isBusy?: (accountId: number) => boolean;
  onAccount?: (accountId: number | undefined) => void;
  signal?: AbortSignal;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

/**
 * One drift check on this runner: the signed-in accounts the server names whose profiles the runner
 * holds, checked with the definitions in use; the findings go to the server and are returned.
 */
export async function runDriftTask(
  client: Pick<RunnerClient, 'driftPlan' | 'drift'>,
  sync: Pick<ConnectorSync, 'options' | 'current'>,
  options: DriftTaskOptions,
): Promise<DriftFinding[]> {
  const profiles = await heldProfiles(options.workDir);
  const held = new Set(profiles.map((p) => `${p.platform}-${p.accountId}`));
  const targets: DriftTarget[] = (await client.driftPlan(profiles.map((p) => p.accountId)))
    .filter((a) => held.has(`${a.platform}-${a.enterprise_account_id}`))
    .map((a) => ({
      platform: a.platform,
      accountId: a.enterprise_account_id,
      profileDir: profileDirOf(options.workDir, a.platform, a.enterprise_account_id),
      proxy: proxyOf(a.ip_code),
      posts: a.posts ?? 0,
    }));
  const version = sync.current;
  const findings = await runDriftCheck({ ...options, publisher: sync.options(options.publisher), targets });
  if (!options.signal?.aborted) {
    await client.drift({ findings, connectors_version: version });
  }
  return findings;
}
