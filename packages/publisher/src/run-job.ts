import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { VERIFY_LISTED_MAX } from '@vidmatrix/contract/rules/publish-result';
import { checkPublishContent, type PublishPlatform } from '@vidmatrix/contract/rules/publish-rules';
import { launchAccountContext, type BrowserOptions } from './browser.ts';
import {
  RATE_LIMIT_TEXT,
  type ConnectorDefinition,
  type ConnectorDefinitions,
  type ConnectorOverrides,
  valueAt,
  withOverrides,
} from './connectors/definition.ts';
import { CONNECTORS } from './connectors/registry.ts';
import { CONNECTOR_STEPS } from './connectors/steps-registry.ts';
import { type CreateAnswer, watchCreateAnswer } from './create-answer.ts';
import { DeadlineError, firstOf } from './deadline.ts';
import {
  checkLogin,
  clickThrough,
  dialogSignals,
  dismissOverlays,
  fillForm,
  formRoot,
  listedTitle,
  loggedOut,
  loginByQr,
  openUploadPage,
  pageErrorText,
  provenResult,
  readWorksList,
  uploadVideo,
  urlIs,
  verifyInWorksList,
  visible,
  waitProcessed,
} from './flow.ts';
import type {
  AccountProfile,
  FailureReason,
  JobOutcome,
  JobResult,
  LoginSmsCode,
  NeedsActionKind,
  PublishJob,
  RunHooks,
  RunPhase,
} from './types.ts';
import { handOff } from './hand-off.ts';
import { videoDurationSec } from './video-duration.ts';

/**
 * How a runner is set up: its browser, where failure artefacts go, the operator's connector definitions
 * (platforms left out use the built-in ones) and per-platform overrides (base URL, deadlines).
 */
export interface PublisherOptions extends BrowserOptions {
  artefactDir: string;
  definitions?: ConnectorDefinitions;
  connectors?: Partial<Record<PublishPlatform, ConnectorOverrides>>;
}

/** The connector a platform uses under these options. */
export function connectorFor(platform: PublishPlatform, options: PublisherOptions): ConnectorDefinition {
  return withOverrides(options.definitions?.[platform] ?? CONNECTORS[platform], options.connectors?.[platform]);
}

/** Thrown inside a job to end it as failed with a reason. */
class JobFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** One account's open browser: login checks, QR login and publishing share its profile. */
export interface AccountSession {
  page: Page;
  checkLogin(platform: PublishPlatform): Promise<'valid' | 'invalid' | 'unknown'>;
  /** `onCode` gives the SMS code a platform may ask for after the scan (Douyin). */
  loginByQr(
    platform: PublishPlatform,
    onQr: (image: string) => void | Promise<void>,
    onCode?: LoginSmsCode,
  ): Promise<void>;
  /** Publishes in this browser; `override` replaces the session's options for this job (other deadlines). */
  publish(job: PublishJob, hooks?: RunHooks, override?: PublisherOptions): Promise<JobResult>;
  close(): Promise<void>;
}

/** Opens the account's persistent profile (one browser per account; Chrome's profile lock keeps it to one). */
export async function openAccount(account: AccountProfile, options: PublisherOptions): Promise<AccountSession> {
  const context: BrowserContext = await launchAccountContext(account, options);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    checkLogin: (platform) => checkLogin(page, connectorFor(platform, options)),
    loginByQr: (platform, onQr, onCode) => loginByQr(page, connectorFor(platform, options), onQr, onCode),
    publish: (job, hooks = {}, override) => publishOnPage(page, job, hooks, override ?? options),
    close: () => context.close(),
  };
}

/** Runs one job in the account's own browser, closed afterwards (memory grows when a context is reused). */
export async function runJob(job: PublishJob, hooks: RunHooks, options: PublisherOptions): Promise<JobResult> {
  const def = connectorFor(job.platform, options);
  const early = await ruleFailure(job, def);
  if (early) {
    return early;
  }
  const session = await openAccount(job.account, options);
  try {
    return await session.publish(job, hooks);
  } finally {
    await session.close().catch(() => undefined);
  }
}

async function ruleFailure(job: PublishJob, def: ConnectorDefinition): Promise<JobResult | undefined> {
  const size = await stat(job.videoPath).then(
    (s) => s.size,
    () => undefined,
  );
  if (size === undefined) {
    return failedBeforeBrowser(def, 'error', `video file not found: ${job.videoPath}`);
  }
  const violations = checkPublishContent(
    job.platform,
    { ...job, fileName: job.videoPath, sizeBytes: size, scheduleAt: job.scheduleAt },
    Date.now(),
  );
  if (violations.length > 0) {
    const message = violations.map((v) => `${v.code} (limit ${v.limit}, actual ${v.actual})`).join('; ');
    return failedBeforeBrowser(def, 'rule_violation', message);
  }
  return undefined;
}

function failedBeforeBrowser(def: ConnectorDefinition, reason: FailureReason, message: string): JobResult {
  return {
    outcome: 'failed',
    phase: 'preparing',
    submitClicked: false,
    error: { reason, message, url: '', pageText: '' },
    connectorVersion: def.version,
  };
}

/** The publish flow on an open page: phases, deadlines, write-ahead submit, proof from the works list. */
export async function publishOnPage(
  page: Page,
  job: PublishJob,
  hooks: RunHooks,
  options: PublisherOptions,
): Promise<JobResult> {
  const def = connectorFor(job.platform, options);
  const early = await ruleFailure(job, def);
  if (early) {
    return early;
  }
  const ownPublish = CONNECTOR_STEPS[def.platform].publish;
  if (ownPublish) {
    const verify = async (
      workId: string | undefined,
      before: ReadonlySet<string> | undefined,
      submittedAt: number | undefined,
    ) =>
      verifyInWorksList(page, def, {
        title: listedTitle(job),
        fileDurationSec: await videoDurationSec(job.videoPath),
        listedBefore: before,
        submittedAt,
        createdId: workId,
      });
    return ownPublish(page, def, job, hooks, { artefactDir: options.artefactDir, verify });
  }
  let phase: RunPhase = 'preparing';
  let submitClicked = false;
  const enter = async (next: RunPhase) => {
    phase = next;
    await hooks.onPhase?.(next);
  };
  const result = (outcome: JobOutcome, extra: Partial<JobResult> = {}): JobResult => ({
    outcome,
    phase,
    submitClicked,
    connectorVersion: def.version,
    ...extra,
  });
  const fail = async (reason: FailureReason, message: string, outcome: JobOutcome = 'failed') =>
    result(outcome, { error: await artefacts(page, def, job, options, reason, message) });
  // No hook: the job stops for the server to relay the check; no answer in time: it fails with that reason.
  const handOffEnded = async (handled: 'timeout' | 'unanswered', kind: NeedsActionKind) => {
    const ended =
      handled === 'unanswered'
        ? await fail('needs_action', `the platform asks for a ${kind} check`, 'needs_action')
        : await fail('action_timeout', `no answer to the ${kind} check in time`);
    return { ...ended, needsAction: kind };
  };
  const notCancelled = () => {
    if (hooks.signal?.aborted) {
      throw new JobFailure('cancelled', 'cancelled before submit');
    }
  };

  let listedIds: string[] | undefined;
  let submittedAt: number | undefined;
  let workId: string | undefined;
  let createSeen = false;
  let createWatch: CreateAnswer | undefined;
  try {
    await enter('preparing');
    // The write-ahead basis: no work listed now can ever be taken for this job's post (unread: unknown).
    listedIds = await readWorksList(page, def).then(
      (works) =>
        works
          .map((w) => w.id)
          .filter(Boolean)
          .slice(0, VERIFY_LISTED_MAX),
      () => undefined,
    );
    if ((await openUploadPage(page, def)) === 'logged_out') {
      throw new JobFailure('logged_out', 'the session no longer holds (login page shown)');
    }
    notCancelled();

    await enter('uploading');
    for (;;) {
      const uploaded = await uploadVideo(page, def, job, hooks).catch(rethrowAs('upload_timeout'));
      if (uploaded === 'done') {
        break;
      }
      if (uploaded === 'failed') {
        throw new JobFailure('upload_failed', 'the platform reported 上传失败 three times');
      }
      if (uploaded === 'logged_out') {
        throw new JobFailure('logged_out', 'logged out during the upload');
      }
      if (uploaded === 'cancelled') {
        throw new JobFailure('cancelled', 'cancelled during the upload');
      }
      const handled = await handOff(page, def, uploaded, hooks, enter);
      if (handled !== 'answered') {
        return await handOffEnded(handled, uploaded);
      }
      await enter('uploading');
    }
    const processed = await waitProcessed(page, def, hooks.signal).catch(rethrowAs('processing_timeout'));
    if (processed !== 'ready') {
      throw new JobFailure(processed, `${processed} while the video was processed`);
    }
    if ((await fillForm(page, def, job).catch(rethrowAs('fill_failed'))) === 'schedule_not_applied') {
      throw new JobFailure('schedule_not_applied', 'the schedule input did not keep the time');
    }
    notCancelled();

    await enter('submitting');
    const root = formRoot(page, def);
    const submit = root.locator(def.selectors.submitReady).first();
    // Actionable without dispatching anything (trial), with guides moved aside.
    await clickThrough(root, def, def.timeouts.processing, (timeout) => submit.click({ trial: true, timeout })).catch(
      rethrowAs('processing_timeout'),
    );
    notCancelled();
    submittedAt = Date.now();
    await hooks.beforeSubmit?.({ listedIds, submittedAt }).catch((err: unknown) => {
      throw new JobFailure('cancelled', `not submitted: ${err instanceof Error ? err.message : String(err)}`);
    });

    // The create answer is read as Chromium receives it, before the page sees it (a page that navigates
    // to its success URL makes Chromium drop the body), and the request itself is never held.
    createWatch = await watchCreateAnswer(
      page,
      new RegExp(def.urls.createResponse),
      (status, body) =>
        status >= 200 && status < 300 && valueAt(body, def.createResponse.okPath) === def.createResponse.okValue,
    );
    const createAnswer = createWatch;
    let createBody: unknown;
    const created = createAnswer.accepted.then((body) => {
      createBody = body;
    });

    submitClicked = true;
    await dismissOverlays(root, def);
    const ownSubmit = CONNECTOR_STEPS[def.platform].submit;
    const clicked = ownSubmit
      ? await ownSubmit(page, root, def)
      : await submit.click({ timeout: 10_000 }).then(
          () => true,
          () => false,
        );
    if (clicked && !ownSubmit && def.selectors.confirm) {
      const confirm = root.locator(def.selectors.confirm).first();
      await clickThrough(root, def, def.timeouts.submit, (timeout) => confirm.click({ timeout })).catch(
        () => undefined,
      );
    }

    for (;;) {
      const ms = def.timeouts.submit;
      const signal = await firstOf('submit', ms, {
        created,
        success: page.waitForURL((u) => urlIs(def, 'success', u.href), { timeout: ms, waitUntil: 'commit' }),
        error: visible(root.locator(def.selectors.errorText).filter({ hasText: /\S/ })),
        logged_out: loggedOut(page, def),
        ...dialogSignals(root, def),
      }).catch((err: unknown) => {
        if (err instanceof DeadlineError) {
          return 'timeout' as const;
        }
        throw err;
      });
      if (signal === 'created' || signal === 'success' || signal === 'timeout' || createAnswer.uncertain()) {
        break;
      }
      if (signal === 'error') {
        const text = await pageErrorText(page, def);
        // 操作频繁 is the platform's risk control: the post was refused and the account needs a rest.
        return await fail(
          RATE_LIMIT_TEXT.test(text) ? 'rate_limited' : 'submit_rejected',
          text || 'the platform refused the post',
        );
      }
      if (signal === 'logged_out') {
        return await fail('logged_out', 'logged out at submit', 'unconfirmed');
      }
      const handled = await handOff(page, def, signal, hooks, enter);
      if (handled !== 'answered') {
        return await handOffEnded(handled, signal);
      }
      await enter('submitting');
    }
    if (createBody !== undefined) {
      createSeen = true;
      const id = def.createResponse.workIdPath ? valueAt(createBody, def.createResponse.workIdPath) : undefined;
      workId = typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
    }
    await enter('submitted');
  } catch (err) {
    if (!submitClicked) {
      const reason = err instanceof JobFailure ? err.reason : err instanceof DeadlineError ? 'phase_timeout' : 'error';
      return await fail(reason, err instanceof Error ? err.message : String(err));
    }
    // Past the click the post may exist: never fail it, prove it or leave it unconfirmed.
  } finally {
    await createWatch?.stop();
  }

  try {
    await enter('verifying');
    const found = await verifyInWorksList(page, def, {
      title: listedTitle(job),
      fileDurationSec: await videoDurationSec(job.videoPath),
      listedBefore: listedIds ? new Set(listedIds) : undefined,
      submittedAt,
      createdId: workId,
    });
    if (!found) {
      return await fail('submit_timeout', 'the post did not show in the works list', 'unconfirmed');
    }
    const proven = provenResult(def, found, workId, createSeen);
    return result(proven.outcome, proven);
  } catch (err) {
    return await fail(
      'error',
      `verification failed: ${err instanceof Error ? err.message : String(err)}`,
      'unconfirmed',
    );
  }
}

function rethrowAs(reason: FailureReason) {
  return (err: unknown): never => {
    if (err instanceof DeadlineError || (err instanceof Error && err.name === 'TimeoutError')) {
      throw new JobFailure(reason, err.message);
    }
    throw err;
  };
}

/** Keeps what a person needs to see why a job failed: a screenshot, the URL and the page's error text. */
async function artefacts(
  page: Page,
  def: ConnectorDefinition,
  job: PublishJob,
  options: PublisherOptions,
  reason: FailureReason,
  message: string,
) {
  const url = page.url();
  const pageText = await pageErrorText(page, def).catch(() => '');
  let screenshotPath: string | undefined;
  try {
    await mkdir(options.artefactDir, { recursive: true });
    screenshotPath = join(options.artefactDir, `${job.id}-${Date.now()}-${reason}.png`);
    await page.screenshot({ path: screenshotPath, timeout: 15_000 });
  } catch {
    screenshotPath = undefined;
  }
  return { reason, message, url, pageText, screenshotPath };
}
