import { readFile } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { DeadlineError, withDeadline } from '../deadline.ts';
import type { JobOutcome, JobResult, NeedsActionKind, PublishJob, RunHooks, RunPhase } from '../types.ts';
import {
  accountCookies,
  BiliFailure,
  bilibiliHttp,
  type BiliAnswer,
  type BilibiliHttp,
  codeOf,
  messageOf,
  uploadByUpos,
} from './bilibili-api.ts';
import { type ConnectorDefinition, partsOf, RATE_LIMIT_TEXT } from './definition.ts';
import type { ConnectorSteps, ListedWork, PublishKit } from './steps.ts';

/** Opens an API session on the account's cookies; logged_out when the profile holds no SESSDATA. */
async function httpFor(page: Page, def: ConnectorDefinition): Promise<BilibiliHttp> {
  const cookies = await accountCookies(page.context(), def);
  if (!cookies.sessdata || !cookies.csrf) {
    throw new BiliFailure('logged_out', 'no SESSDATA/bili_jct cookie in the profile');
  }
  return bilibiliHttp(def, cookies, page.context().request);
}

/** Step 1: the session holds when nav answers code 0. */
async function checkLogin(page: Page, def: ConnectorDefinition): Promise<'valid' | 'invalid' | 'unknown'> {
  const B = partsOf(def, 'bilibili');
  const C = B.codes;
  const cookies = await accountCookies(page.context(), def);
  if (!cookies.sessdata) {
    return 'invalid';
  }
  const http = bilibiliHttp(def, cookies, page.context().request);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const nav = await http.call(http.api(B.nav), { timeoutMs: def.timeouts.loginCheck }).catch(() => undefined);
    const code = nav ? codeOf(nav) : Number.NaN;
    if (code === C.ok) {
      return 'valid';
    }
    if (code === C.notLoggedIn) {
      return 'invalid';
    }
  }
  return 'unknown';
}

/** Step 9: the account's recent archives, newest first, with their state code, creation time and duration. */
async function readWorks(page: Page, def: ConnectorDefinition): Promise<ListedWork[]> {
  const B = partsOf(def, 'bilibili');
  const C = B.codes;
  const http = await httpFor(page, def);
  const q = new URLSearchParams({ status: '', pn: '1', ps: String(B.archivesPageSize) });
  const answer = await http.call(`${http.member(B.archives)}?${q}`, { timeoutMs: def.timeouts.navigation });
  if (codeOf(answer) !== C.ok) {
    throw new BiliFailure(
      codeOf(answer) === C.notLoggedIn ? 'logged_out' : 'error',
      `archives answered ${codeOf(answer)}`,
      messageOf(answer),
    );
  }
  const data = answer.body?.data as { arc_audits?: { Archive?: Record<string, unknown> }[] } | undefined;
  return (data?.arc_audits ?? []).flatMap(({ Archive: a }) => {
    if (!a || typeof a.bvid !== 'string') {
      return [];
    }
    return [
      {
        id: a.bvid,
        title: typeof a.title === 'string' ? a.title : '',
        status: String(a.state),
        href: def.permalink ? def.permalink.replace('{id}', a.bvid) : null,
        ...(typeof a.ctime === 'number' ? { createdAt: a.ctime * 1000 } : {}),
        ...(typeof a.duration === 'number' && a.duration > 0 ? { durationSec: a.duration } : {}),
      },
    ];
  });
}

/** The drift check: nav (the session), the line probe and the archives list answer in their known shapes. */
async function checkApi(page: Page, def: ConnectorDefinition): Promise<'logged_out' | string[]> {
  const cookies = await accountCookies(page.context(), def);
  if (!cookies.sessdata) {
    return 'logged_out';
  }
  const http = bilibiliHttp(def, cookies, page.context().request);
  const B = http.endpoints;
  const get = (url: string) => http.call(url, { timeoutMs: def.timeouts.navigation }).catch(() => undefined);
  const nav = await get(http.api(B.nav));
  if (nav && codeOf(nav) === B.codes.notLoggedIn) {
    return 'logged_out';
  }
  const q = new URLSearchParams({ status: '', pn: '1', ps: String(B.archivesPageSize) });
  const archives = await get(`${http.member(B.archives)}?${q}`);
  const probe = await get(http.member(B.probe));
  const answered: Record<string, boolean> = {
    nav: nav !== undefined && codeOf(nav) === B.codes.ok,
    probe: Array.isArray(probe?.body?.lines),
    archives:
      archives !== undefined &&
      codeOf(archives) === B.codes.ok &&
      typeof archives.body?.data === 'object' &&
      archives.body.data !== null,
  };
  // Only the endpoints this check knows how to call without an upload (add, preupload would post or reserve).
  return def.drift.api.filter((key) => Object.hasOwn(answered, key) && !answered[key]);
}

/** Step 7: the cover as a data URL; its URL on the platform. */
async function uploadCover(http: BilibiliHttp, def: ConnectorDefinition, coverPath: string): Promise<string> {
  const B = http.endpoints;
  const C = B.codes;
  const type = extname(coverPath).toLowerCase() === '.png' ? 'png' : 'jpeg';
  const cover = `data:image/${type};base64,${(await readFile(coverPath)).toString('base64')}`;
  const answer = await http.form(http.member(B.coverUp), { cover }, def.timeouts.fill);
  const url = (answer.body?.data as { url?: unknown } | undefined)?.url;
  if (codeOf(answer) === C.notLoggedIn) {
    throw new BiliFailure('logged_out', 'cover upload answered -101', messageOf(answer));
  }
  if (codeOf(answer) !== C.ok || typeof url !== 'string') {
    throw new BiliFailure('fill_failed', `cover upload answered ${codeOf(answer)}`, messageOf(answer));
  }
  return url;
}

/** The add/v3 body (research §5 step 8). */
function addBody(job: PublishJob, filename: string, cover: string, tid: number) {
  return {
    copyright: 1,
    source: '',
    tid,
    cover,
    title: job.title.trim(),
    desc: job.description,
    dynamic: '',
    tag: job.topics.join(','),
    videos: [{ title: job.title.trim(), desc: '', filename }],
    dtime: job.scheduleAt === undefined ? 0 : Math.floor(job.scheduleAt / 1000),
    no_reprint: 1,
    open_elec: 0,
  };
}

/** Why an add answer refused the post; undefined when it went through or asks for a check. */
function refusal(a: BiliAnswer, C: BilibiliHttp['endpoints']['codes']): BiliFailure | undefined {
  const code = codeOf(a);
  if (code === C.ok || code === C.riskControl) {
    return undefined;
  }
  const text = messageOf(a);
  if (code === C.notLoggedIn) {
    return new BiliFailure('logged_out', 'add answered -101 (not logged in)', text);
  }
  if (code === C.intercepted || a.status === 412 || a.status === 429 || RATE_LIMIT_TEXT.test(text)) {
    return new BiliFailure('rate_limited', `add answered ${code} (HTTP ${a.status})`, text);
  }
  // -111: the profile's bili_jct is not its session's; the platform's words name the field, not the cause.
  const shown = code === C.csrf ? '' : text;
  return new BiliFailure('submit_rejected', `add answered ${code} (HTTP ${a.status})`, shown);
}

type HandOff = { ok: true; token: string } | { ok: false; ended: 'timeout' | 'unanswered' };

/** The -352 check: asks for the puzzle, hands it to a person, validates their answer (3 tries). */
async function riskCheck(
  page: Page,
  http: BilibiliHttp,
  def: ConnectorDefinition,
  voucher: string,
  hooks: RunHooks,
): Promise<HandOff & { kind: NeedsActionKind }> {
  const B = http.endpoints;
  const reg = await http.form(http.api(B.gaiaRegister), { v_voucher: voucher }, def.timeouts.submit);
  const data = (reg.body?.data ?? {}) as { type?: unknown; token?: unknown; image?: unknown };
  const kind: NeedsActionKind = data.type === 'sms' ? 'sms' : 'captcha';
  if (!hooks.onNeedsAction) {
    return { ok: false, ended: 'unanswered', kind };
  }
  const prompt = kind === 'sms' ? '请输入短信验证码' : '请输入图片中的验证码';
  const image = typeof data.image === 'string' ? data.image : undefined;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const screenshot = await showOnPage(page, prompt, image);
    const answer = await withDeadline(
      'needs action',
      def.timeouts.needsAction,
      hooks.onNeedsAction({ kind, prompt, image, screenshot, url: http.api(B.gaiaRegister) }),
    ).catch((err: unknown) => {
      if (err instanceof DeadlineError) {
        return undefined;
      }
      throw err;
    });
    if (!answer) {
      return { ok: false, ended: 'timeout', kind };
    }
    const valid = await http.form(
      http.api(B.gaiaValidate),
      { token: typeof data.token === 'string' ? data.token : '', code: answer.code ?? '' },
      def.timeouts.submit,
    );
    const grisk = (valid.body?.data as { grisk_id?: unknown } | undefined)?.grisk_id;
    if (codeOf(valid) === B.codes.ok && typeof grisk === 'string') {
      return { ok: true, token: grisk, kind };
    }
  }
  return { ok: false, ended: 'timeout', kind };
}

/** Draws what the platform asked (or said) into the account's page, for the person and the screenshot. */
async function showOnPage(page: Page, text: string, image?: string): Promise<Buffer> {
  await page
    .setContent(
      `<!doctype html><meta charset="utf-8"><body style="font-family:sans-serif;padding:24px"><h3>哔哩哔哩创作中心</h3><p class="bili-api-text"></p>${image ? `<img alt="" src="${image}">` : ''}</body>`,
    )
    .catch(() => undefined);
  await page
    .locator('.bili-api-text')
    .evaluate((el, t) => {
      el.textContent = t;
    }, text)
    .catch(() => undefined);
  return page.screenshot().catch(() => Buffer.alloc(0));
}

/**
 * Publishes through the web upload API (research §5 steps 1–9) instead of the upload page: the same
 * phases, progress, write-ahead hook and proof from the works list as the page flow.
 */
async function publish(
  page: Page,
  def: ConnectorDefinition,
  job: PublishJob,
  hooks: RunHooks,
  kit: PublishKit,
): Promise<JobResult> {
  const B = partsOf(def, 'bilibili');
  const C = B.codes;
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
  const fail = async (f: BiliFailure, outcome: JobOutcome = 'failed'): Promise<JobResult> => {
    const shown = f.platformText || f.message;
    await showOnPage(page, shown);
    let screenshotPath: string | undefined;
    try {
      await mkdir(kit.artefactDir, { recursive: true });
      screenshotPath = join(kit.artefactDir, `${job.id}-${Date.now()}-${f.reason}.png`);
      await page.screenshot({ path: screenshotPath, timeout: 15_000 });
    } catch {
      screenshotPath = undefined;
    }
    return result(outcome, {
      error: { reason: f.reason, message: f.message, url: f.url, pageText: f.platformText, screenshotPath },
    });
  };
  const notCancelled = () => {
    if (hooks.signal?.aborted) {
      throw new BiliFailure('cancelled', 'cancelled before submit');
    }
  };

  let workId: string | undefined;
  let createSeen = false;
  let before: Set<string> | undefined;
  let submittedAt: number | undefined;
  try {
    await enter('preparing');
    const http = await httpFor(page, def);
    if ((await checkLogin(page, def)) === 'invalid') {
      throw new BiliFailure('logged_out', 'nav answered -101 (not logged in)');
    }
    // The write-ahead list: no work listed now can ever be taken for this job's post (unread: unknown).
    before = await readWorks(page, def).then(
      (works) => new Set(works.map((w) => w.id)),
      () => undefined,
    );
    notCancelled();

    await enter('uploading');
    const { filename } = await uploadByUpos(http, job.videoPath, {
      deadlineMs: def.timeouts.upload,
      navigationMs: def.timeouts.navigation,
      signal: hooks.signal,
      onProgress: (sentBytes, total) => {
        const percent = Math.min(100, Math.floor((sentBytes * 100) / Math.max(1, total)));
        hooks.onProgress?.({ percent, text: percent >= 100 ? '上传完成' : `上传中 ${percent}%` });
      },
    });
    const cover = job.coverPath ? await uploadCover(http, def, job.coverPath) : '';
    notCancelled();

    await enter('submitting');
    submittedAt = Date.now();
    await hooks.beforeSubmit?.({ listedIds: before ? [...before] : undefined, submittedAt }).catch((err: unknown) => {
      throw new BiliFailure('cancelled', `not submitted: ${err instanceof Error ? err.message : String(err)}`);
    });
    submitClicked = true;
    let vtoken = '';
    for (;;) {
      const url = `${http.member(B.add)}?csrf=${http.csrf}&t=${Date.now()}${vtoken ? `&gaia_vtoken=${vtoken}` : ''}`;
      const answer = await http
        .call(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(addBody(job, filename, cover, B.tid)),
          timeoutMs: def.timeouts.submit,
        })
        .catch(() => undefined); // sent, no answer: the works list decides
      if (!answer) {
        break;
      }
      const refused = refusal(answer, C);
      if (refused) {
        throw refused;
      }
      if (codeOf(answer) === C.ok) {
        const bvid = (answer.body?.data as { bvid?: unknown } | undefined)?.bvid;
        workId = typeof bvid === 'string' && bvid ? bvid : undefined;
        createSeen = true;
        break;
      }
      const voucher = (answer.body?.data as { v_voucher?: unknown } | undefined)?.v_voucher;
      await enter('needs_action');
      const check = await riskCheck(page, http, def, typeof voucher === 'string' ? voucher : '', hooks);
      if (!check.ok) {
        const ended =
          check.ended === 'unanswered'
            ? await fail(new BiliFailure('needs_action', `the platform asks for a ${check.kind} check`), 'needs_action')
            : await fail(new BiliFailure('action_timeout', `no answer to the ${check.kind} check in time`));
        return { ...ended, needsAction: check.kind };
      }
      vtoken = check.token;
      await enter('submitting');
    }
    await enter('submitted');
  } catch (err) {
    if (!(err instanceof BiliFailure) && submitClicked) {
      // Past the add the post may exist: never fail it, prove it or leave it unconfirmed.
    } else {
      // A refusal the platform answered is final even after the add: nothing was created.
      return fail(
        err instanceof BiliFailure ? err : new BiliFailure('error', err instanceof Error ? err.message : String(err)),
      );
    }
  }

  try {
    await enter('verifying');
    const found = await kit.verify(workId, before, submittedAt);
    if (!found) {
      return await fail(new BiliFailure('submit_timeout', 'the post did not show in the works list'), 'unconfirmed');
    }
    const id = found.work.id || workId;
    const outcome: JobOutcome =
      found.state === 'rejected' ? 'rejected' : found.state === 'scheduled' ? 'platform_scheduled' : 'published';
    return result(outcome, {
      workId: id,
      permalink: found.work.href ?? undefined,
      reviewState: found.state,
      proof: { createResponse: createSeen, worksList: true },
    });
  } catch (err) {
    return await fail(
      new BiliFailure('error', `verification failed: ${err instanceof Error ? err.message : String(err)}`),
      'unconfirmed',
    );
  }
}

/** Bilibili publishes through its web upload API with the account's cookies; its pages serve the QR login only. */
export const bilibiliSteps: ConnectorSteps = { publish, readWorks, checkLogin, checkApi };
