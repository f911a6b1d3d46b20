// What the walkthrough reads back: the member's batch through the console's own API call, and the
// platform sandbox's records (every work with the file it was made from, creates per account).
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import { FINAL_STATES } from '@vidmatrix/contract/rules/publish-state';

/** A member call as the console makes it; the envelope's data, or throws with its msg. */
export async function memberCall(base, token, path, body) {
  const res = await fetch(`${base}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: token },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (answer.code !== 200) {
    throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  }
  return answer.data;
}

/** The batch's jobs as the matrix shows them. */
export async function batchJobs(base, token, batchId) {
  return (await memberCall(base, token, 'seoaivideo.BatchPublish/info', { batch_id: batchId })).jobs;
}

export const isFinal = (state) => FINAL_STATES.includes(state);

/** Size and sha256 of a local file. */
export function fileFacts(path) {
  return { size: statSync(path).size, sha256: createHash('sha256').update(readFileSync(path)).digest('hex') };
}

/**
 * Checks jobs against the platform's records. Every `published` job must name a work the sandbox holds
 * on that job's account, made from that job's video (size and sha256), and no work may be claimed by two
 * jobs; each account may hold no more works than jobs published to it (no duplicate post).
 * Returns the problems found and the notes (a post made for a job not shown published), in words.
 */
export async function checkAgainstPlatform(control, jobs, { userOf, factsOf, worksBefore = new Map() }) {
  const problems = [];
  const notes = [];
  const claimed = new Map();
  const byAccount = new Map();
  for (const job of jobs) {
    const user = userOf(job);
    const key = `${job.platform}/${user}`;
    byAccount.set(key, [...(byAccount.get(key) ?? []), job]);
    if (job.state !== 'published') {
      continue;
    }
    const works = await control.works(job.platform, user);
    const work = works.find((w) => w.id === job.work_id);
    if (!work) {
      problems.push(
        `job ${job.job_id} (${job.platform}) is published as ${job.work_id || '(no id)'}: no such post on ${user}`,
      );
      continue;
    }
    const want = factsOf(job);
    if (work.file?.sha256 !== want.sha256 || work.file?.size !== want.size) {
      problems.push(
        `job ${job.job_id} (${job.platform}, ${job.file_name}): post ${work.id} was made from another file`,
      );
    }
    if (claimed.has(work.id)) {
      problems.push(`post ${work.id} is claimed by jobs ${claimed.get(work.id)} and ${job.job_id}`);
    }
    claimed.set(work.id, job.job_id);
  }
  for (const [key, accountJobs] of byAccount) {
    const [platform, user] = key.split('/');
    const now = (await control.works(platform, user)).length;
    const made = now - (worksBefore.get(key) ?? 0);
    const published = accountJobs.filter((j) => j.state === 'published').length;
    if (made > accountJobs.length) {
      problems.push(`${key}: ${made} new posts for ${accountJobs.length} jobs (a duplicate post)`);
    } else if (made !== published) {
      // Not a false 成功, but a post the member must confirm by hand (已发布/未发布 on the job).
      notes.push(`${key}: ${made} new posts, ${published} jobs published`);
    }
  }
  return { problems, notes };
}

/** Works held per `platform/user` right now (to count what a later step adds). */
export async function worksCount(control, accounts) {
  const counts = new Map();
  for (const a of accounts) {
    counts.set(`${a.platform}/${a.user}`, (await control.works(a.platform, a.user)).length);
  }
  return counts;
}
