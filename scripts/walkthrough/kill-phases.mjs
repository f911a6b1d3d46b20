// `kill -9` of the runner in each phase of a job, as a power cut or the OOM killer would: a batch of
// one video to one account, the runner killed the moment the phase is seen (in the server's job state
// and the platform's own records), a new runner started, and the job's end checked against the platform.
import { batchJobs, checkAgainstPlatform, isFinal, worksCount } from './records.mjs';
import { killRunner, startRunner } from './processes.mjs';
import { say, until } from './wait.mjs';

/** A phase: where the job is parked or caught, on which platform, and what proves it reached it. */
export const PHASES = [
  {
    name: 'uploading',
    label: '上传中',
    platform: 'douyin',
    // No switch: the upload runs at the platform's pace (seconds for a few MB) and is caught in the act.
    switches: {},
    // Bytes are flowing (the page's 上传中 N% relayed to the server) and the platform has not the whole file.
    reached: ({ job, creates, uploadsDone }) =>
      job?.state === 'uploading' && job.percent > 0 && job.percent < 100 && uploadsDone === 0 && creates.requests === 0,
  },
  {
    name: 'submitted, create not yet at the platform',
    label: '已点发布，平台未收到',
    platform: 'kuaishou',
    // The create request is held on its way: the platform has neither read nor answered it.
    switches: { createHold: true },
    reached: ({ job, creates }) => job?.state === 'submitting' && creates.requests === 1 && creates.accepted === 0,
  },
  {
    name: 'after the create',
    label: '平台已创建',
    platform: 'xiaohongshu',
    // The post is made but its answer never comes back (the runner is killed waiting for it).
    switches: { createStall: true },
    reached: ({ job, creates }) => job?.state === 'submitting' && creates.accepted === 1,
  },
];

/**
 * One phase: publish, catch the phase, kill -9, lift the switch, a new runner, wait for the end.
 * `publish` submits the batch in the console and returns its id; `holder.runner` is the runner process.
 */
export async function runPhase(phase, ctx) {
  const { holder, control, server, token, runnerOptions, logDir, account, publish, factsOf } = ctx;
  const before = await worksCount(control, [account]);
  const key = `${account.platform}/${account.user}`;
  const uploadsBefore = (await control.timings()).filter((t) => `${t.platform}/${t.user}` === key).length;
  const createsBefore = await control.creates(account.platform, account.user);
  /** Creates of this phase alone (the account posted before). */
  const createsNow = async () => {
    const c = await control.creates(account.platform, account.user);
    return { accepted: c.accepted - createsBefore.accepted, requests: c.requests - createsBefore.requests };
  };
  await control.setSwitches(phase.platform, phase.switches);
  const batchId = await publish();
  const seen = await until(
    `job reaches ${phase.name}`,
    async () => {
      const [job] = await batchJobs(server.base, token, batchId);
      const timings = (await control.timings()).filter((t) => `${t.platform}/${t.user}` === key);
      return {
        job: job && { state: job.state, percent: job.percent },
        creates: await createsNow(),
        uploadsDone: timings.length - uploadsBefore,
      };
    },
    phase.reached,
    600_000,
    100,
  );
  say(`${phase.name}: reached (${JSON.stringify(seen)}); kill -9 the runner`);
  await killRunner(holder.runner, runnerOptions.runnerDir);
  const heldRequests = (await createsNow()).requests;
  // The platform is well again; the next runner finds it so.
  await control.setSwitches(phase.platform, Object.fromEntries(Object.keys(phase.switches).map((k) => [k, false])));
  holder.runner = startRunner(runnerOptions, logDir, `after-${phase.platform}`);
  // The lost lease runs out (2 min) and the sweep hands the job on: queued again before the submit,
  // read back from the works list after it.
  const jobs = await until(
    `${phase.name}: the job ends`,
    () => batchJobs(server.base, token, batchId),
    (list) => list.every((j) => isFinal(j.state)),
    1_800_000,
    1_000,
  );
  const creates = await createsNow();
  const { problems, notes } = await checkAgainstPlatform(control, jobs, {
    userOf: () => account.user,
    factsOf,
    worksBefore: before,
  });
  // A killed browser must not let a held create through afterwards.
  if (phase.switches.createHold && creates.accepted > 0 && heldRequests === creates.requests) {
    problems.push('the held create reached the platform after its browser was killed');
  }
  return { batchId, job: jobs[0], creates, problems, notes };
}
