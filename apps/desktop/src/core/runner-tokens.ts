import { z } from 'zod';
import { runnerCreateResult } from '@vidmatrix/contract/api/publish';
import { RunnerTokenApi } from '@vidmatrix/contract/api/runner-auth';
import type { DesktopSession } from '@vidmatrix/contract/desktop-api';
import { createCaller } from './api-client.ts';
import type { RunnerCredential, RunnerTokenIssuer } from './task-sync.ts';

/**
 * Creates and revokes the shell's runner token with the member's own token, through the same calls
 * the console's runner page uses (`runner.Runner/create`, shown once; `runner.Runner/revoke`).
 */
export function httpTokenIssuer(serverUrl: string, runnerName: string, doFetch?: typeof fetch): RunnerTokenIssuer {
  const caller = (session: DesktopSession) =>
    createCaller({ serverUrl, memberToken: () => session.memberToken, fetch: doFetch });
  return {
    async issue(session): Promise<RunnerCredential> {
      const created = await caller(session)('POST', RunnerTokenApi.create, runnerCreateResult, { name: runnerName });
      return { runnerId: created.runner_id, token: created.token };
    },
    async revoke(credential, session) {
      await caller(session)('POST', RunnerTokenApi.revoke, z.unknown(), { runner_id: credential.runnerId });
    },
  };
}
