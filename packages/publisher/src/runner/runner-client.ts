import {
  RUNNER_TOKEN_HEADER,
  RunnerApi,
  type BeforeSubmitBody,
  type ClaimedJob,
  type FinishBody,
  type ReviewBody,
} from '@vidmatrix/contract/api/publish';
import {
  HarvestApi,
  type HarvestCursorResult,
  type HarvestIngestBody,
  type HarvestIngestResult,
  type HarvestThreadsBody,
  type HarvestThreadsResult,
} from '@vidmatrix/contract/api/harvest';
import {
  HarvestWorkApi,
  type HarvestAccountState,
  type HarvestClaimBody,
  type HarvestClaimResult,
  type HarvestReportBody,
} from '@vidmatrix/contract/api/harvest-work';
import { RunnerAuthApi, type AuthTask } from '@vidmatrix/contract/api/runner-auth';
import {
  ConnectorApi,
  connectorsResult,
  type ConnectorsResult,
  type DriftAccount,
  type DriftReportBody,
  type RunnerConnectorState,
} from '@vidmatrix/contract/api/connectors';

/** One reply's outcome in a harvest report. */
export type HarvestWriteReportBody = NonNullable<HarvestReportBody['writes']>[number];

/** An envelope answer of the server. */
export interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

/** A call the server refused (its envelope code and message). */
export class ServerRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServerRefusal';
  }
}

/** The server's connector definitions do not fit this runner's contract. */
export class UnusableDefinitions extends Error {
  override name = 'UnusableDefinitions';
}

export interface LeaseStatus {
  job_id: number;
  held: boolean;
  cancel: boolean;
}

/** The runner API of the server (`/api/runner.Runner/*`), authenticated by the runner token. */
export class RunnerClient {
  constructor(
    private readonly serverUrl: string,
    private readonly token: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The absolute URL of a path the server answered (video URLs may be relative to it). */
  resolve(url: string): string {
    return new URL(url, this.serverUrl).toString();
  }

  /**
   * runner.Runner/authClaim: QR logins and login checks of the member (long poll), the connectors
   * version and whether a drift check is due (absent from older servers).
   */
  authClaim(
    body: { slots: number; wait_ms: number; busy_accounts: number[]; connectors_version?: number },
    signal?: AbortSignal,
  ): Promise<{ tasks: AuthTask[]; connectors_version: number; drift_check?: boolean }> {
    return this.request(RunnerAuthApi.claim, body, signal);
  }

  /** runner.Runner/authQr: relays a QR; true when the runner should give up. */
  async authQr(requestId: number, image: string): Promise<boolean> {
    return (await this.request<{ cancel: boolean }>(RunnerAuthApi.qr, { request_id: requestId, image })).cancel;
  }

  /**
   * runner.Runner/authSms: asks the member for the login's SMS code (`refused`: the platform turned down
   * the last one); the code once typed ('' not yet), or cancel.
   */
  async authSms(requestId: number, refused = false): Promise<{ cancel: boolean; code: string }> {
    return this.request<{ cancel: boolean; code: string }>(RunnerAuthApi.sms, { request_id: requestId, refused });
  }

  /** runner.Runner/authResult */
  async authResult(body: {
    request_id: number;
    result: 'valid' | 'invalid' | 'unknown' | 'failed';
    message: string;
  }): Promise<string> {
    return (await this.request<{ state: string }>(RunnerAuthApi.result, body)).state;
  }

  /** runner.Runner/harvestClaim: due harvest passes, each under a lease. */
  harvestClaim(body: HarvestClaimBody, signal?: AbortSignal): Promise<HarvestClaimResult> {
    return this.request<HarvestClaimResult>(HarvestWorkApi.claim, body, signal);
  }

  /** runner.Runner/harvestReport: how a pass ended (frees the account). */
  async harvestReport(body: HarvestReportBody): Promise<HarvestAccountState> {
    return (await this.request<{ state: HarvestAccountState }>(HarvestWorkApi.report, body)).state;
  }

  /** runner.Runner/harvestIngest: a page read, and the cursor after it. */
  harvestIngest(body: HarvestIngestBody): Promise<HarvestIngestResult> {
    return this.request(HarvestApi.ingest, body);
  }

  /** runner.Runner/harvestCursor: where the last ingest of the account and source left off. */
  harvestCursor(accountId: number, source: 'comment' | 'message'): Promise<HarvestCursorResult> {
    return this.request(`${HarvestApi.cursor}?account_id=${accountId}&source=${source}`);
  }

  /** runner.Runner/harvestThreads: the reply counts these threads of the account were last read at. */
  harvestThreads(body: HarvestThreadsBody): Promise<HarvestThreadsResult> {
    return this.request(HarvestApi.threads, body);
  }

  private call<T>(action: keyof typeof RunnerApi, body: object, signal?: AbortSignal): Promise<T> {
    return this.request(RunnerApi[action], body, signal);
  }

  private post<T>(path: string, body: object, signal?: AbortSignal): Promise<T> {
    return this.request<T>(path, body, signal);
  }

  /** POST with a body, or GET without one. */
  private async request<T>(path: string, body?: object, signal?: AbortSignal): Promise<T> {
    const res = await this.fetchImpl(this.resolve(path), {
      method: body ? 'POST' : 'GET',
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        [RUNNER_TOKEN_HEADER]: this.token,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal,
    });
    const answer = (await res.json().catch(() => ({ code: res.status, msg: res.statusText, data: null }))) as Answer<T>;
    if (answer.code !== 200) {
      throw new ServerRefusal(answer.code, answer.msg);
    }
    return answer.data;
  }

  /** runner.Runner/claim: due jobs, the connectors version and whether a drift check is due. */
  claim(
    body: {
      slots: number;
      wait_ms: number;
      version: string;
      busy_accounts: number[];
      accounts?: number[];
      connectors_version?: number;
    },
    signal?: AbortSignal,
  ): Promise<{ jobs: ClaimedJob[] } & RunnerConnectorState> {
    return this.call('claim', body, signal);
  }

  async heartbeat(jobIds: number[], version: string): Promise<LeaseStatus[]> {
    return (await this.call<{ jobs: LeaseStatus[] }>('heartbeat', { job_ids: jobIds, version })).jobs;
  }

  progress(body: {
    job_id: number;
    phase: 'preparing' | 'uploading' | 'submitted' | 'verifying' | 'needs_action';
    percent?: number;
    text?: string;
    action?: { kind: string; prompt: string; image?: string; screenshot?: string };
  }): Promise<LeaseStatus> {
    return this.call<LeaseStatus>('progress', body);
  }

  /** runner.Runner/beforeSubmit: the write-ahead `submitting` mark with the verification basis. */
  async beforeSubmit(body: BeforeSubmitBody): Promise<void> {
    await this.call('beforeSubmit', body);
  }

  /** runner.Runner/review: a published post's review state, read again. */
  async review(body: ReviewBody): Promise<void> {
    await this.call('review', body);
  }

  async finish(body: FinishBody): Promise<string> {
    return (await this.call<{ state: string }>('finish', body)).state;
  }

  action(jobId: number): Promise<{ status: 'waiting' | 'answered' | 'gone'; code: string }> {
    return this.call('action', { job_id: jobId });
  }

  /**
   * runner.Runner/connectors: the operator's definitions, checked against this runner's contract (they
   * drive the browser); UnusableDefinitions when they do not fit it (a runner older than the file).
   */
  async connectors(): Promise<ConnectorsResult> {
    const parsed = connectorsResult.safeParse(await this.post(ConnectorApi.definitions, {}));
    if (!parsed.success) {
      throw new UnusableDefinitions(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    }
    return parsed.data;
  }

  /** runner.Runner/driftPlan: of the accounts whose profiles the runner holds, the signed-in ones a drift check may open. */
  async driftPlan(held: number[]): Promise<DriftAccount[]> {
    return (await this.post<{ accounts: DriftAccount[] }>(ConnectorApi.driftPlan, { accounts: held })).accounts;
  }

  /** runner.Runner/drift: a drift check's findings. */
  async drift(body: DriftReportBody): Promise<void> {
    await this.post(ConnectorApi.drift, body);
  }

  /** Downloads a file the server points at (the job's video). */
  async download(url: string): Promise<Response> {
    const res = await this.fetchImpl(this.resolve(url));
    if (!res.ok || !res.body) {
      throw new Error(`download of ${url} answered ${res.status}`);
    }
    return res;
  }
}
