import { Msg } from '@vidmatrix/contract/messages';
import type { Db } from './db/types.ts';
import { silentJobLogger, type JobLogger, type JobQueue, type JobSchedule } from './jobs/job-queue.ts';
import type { MediaTools } from './media/ffmpeg-discovery.ts';
import { MediaRepository } from './media/media.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { svgCaptchaGenerator, type CaptchaGenerator } from './modules/auth/captcha.ts';
import { listChineseFonts } from './media/clip/fonts.ts';
import { ClipRenderer } from './media/clip/render.ts';
import { createTts } from './media/clip/tts/create-tts.ts';
import type { TtsProvider } from './media/clip/tts/tts-provider.ts';
import { createScriptWriter, type ScriptWriter } from './media/clip/writer/script-writer.ts';
import { registerClipTaskJobs } from './modules/clip-task/clip-task.jobs.ts';
import { registerContentJobs } from './modules/content/content.jobs.ts';
import { ClipCatalogService } from './modules/clip-task/clip-catalog.service.ts';
import { ClipPlanService } from './modules/clip-task/clip-plan.service.ts';
import { ClipRenderService } from './modules/clip-task/clip-render.service.ts';
import type { ClipOutput } from './modules/clip-task/clip-tools.ts';
import { ClipTaskService } from './modules/clip-task/clip-task.service.ts';
import { ContentService } from './modules/content/content.service.ts';
import { ClipTemplateService } from './modules/clip-template/clip-template.service.ts';
import type { MessageConnector } from './modules/customer/connector.ts';
import { registerCustomerJobs } from './modules/customer/customer.jobs.ts';
import { CustomerService } from './modules/customer/customer.service.ts';
import { HarvestWorkService } from './modules/customer/harvest-work.service.ts';
import { InboxService } from './modules/customer/inbox.service.ts';
import { createLeadModel, type LeadModel } from './modules/customer/lead-model.ts';
import { LeadScorer } from './modules/customer/lead-scorer.ts';
import { createReplyDrafter, type ReplyDrafter } from './modules/customer/reply-drafter.ts';
import { ReplyRuleService } from './modules/customer/reply-rule.service.ts';
import { AccountAuthService } from './modules/enterprise-account/account-auth.service.ts';
import { AccountGroupService } from './modules/enterprise-account/account-group.service.ts';
import { AccountImportService } from './modules/enterprise-account/account-import.service.ts';
import { AccountService } from './modules/enterprise-account/account.service.ts';
import { registerEnterpriseAccountJobs } from './modules/enterprise-account/enterprise-account.jobs.ts';
import { FileSettingService } from './modules/file-setting/file-setting.service.ts';
import { HealthService } from './modules/health/health.service.ts';
import { MaterialDownloadService } from './modules/material/material-download.service.ts';
import { MaterialExportService } from './modules/material/material-export.service.ts';
import { registerMaterialJobs } from './modules/material/material.jobs.ts';
import { MaterialService } from './modules/material/material.service.ts';
import { MediaProcessingService } from './modules/material/media-processing.service.ts';
import { MemberService } from './modules/member/member.service.ts';
import { ProfileService } from './modules/member/profile.service.ts';
import { AgentService } from './modules/agent/agent.service.ts';
import { DataScreenService } from './modules/data-screen/data-screen.service.ts';
import { MusicService } from './modules/music/music.service.ts';
import { PlatformService } from './modules/platform/platform.service.ts';
import { ConnectorService } from './modules/publish/connector.service.ts';
import { registerConnectorJobs } from './modules/publish/connector.jobs.ts';
import { registerPublishJobs } from './modules/publish/publish.jobs.ts';
import { createPublishServices } from './modules/publish/publish.service.ts';
import { registerRunnerAuthJobs } from './modules/publish/runner-auth.jobs.ts';
import { RunnerAuthService } from './modules/publish/runner-auth.service.ts';
import { ServerRunnerService } from './modules/publish/server-runner.service.ts';
import { SettingService } from './modules/setting/setting.service.ts';
import { registerUploadJobs } from './modules/upload/upload.jobs.ts';
import { UploadService } from './modules/upload/upload.service.ts';
import type { RealtimePublisher } from './realtime/hub.ts';
import type { StorageDriver } from './storage/storage.ts';

/** What the services are built from: the outside world, made once per process by main.ts or worker.ts. */
export interface Infrastructure {
  db: Db;
  /** Clock in epoch ms; tests move it to expire captchas and tokens without waiting. */
  now: () => number;
  storage: StorageDriver;
  jobs: JobQueue;
  /** The ffmpeg/ffprobe pair found at start, and what it is good for. */
  mediaTools: MediaTools;
  /** Draws captcha images (default svg-captcha); tests pass one whose text they know. */
  captcha?: CaptchaGenerator;
  /** Pushes websocket frames to members (through Redis to every API instance when set). */
  realtime: RealtimePublisher;
  /** Sends customer replies to the platforms. */
  messageConnector: MessageConnector;
  /** Clip renders at once per process (CLIP_CONCURRENCY) and their scratch directory. */
  clip: {
    concurrency: number;
    workDir: string;
    output?: ClipOutput;
    writer?: ScriptWriter;
    tts?: TtsProvider;
    /** Where renders that stop for good are logged (default: nowhere). */
    log?: JobLogger;
  };
  /**
   * The language model that reads buying intent and contacts (default: the LLM_* settings, or none), and
   * where its failures are told (the rules stand in for it).
   */
  leads?: { model?: LeadModel | null; onModelError?: (error: unknown) => void };
  /** Drafts AI replies (default: LLM_* from the environment, else none), and where its failures are told. */
  replies?: { drafter?: ReplyDrafter | null; onDraftError?: (error: unknown) => void };
  /** Between two harvest passes over one account, ms before jitter (HARVEST_INTERVAL_S; default 300 s). */
  harvestIntervalMs?: number;
  /** Whether the first start renders the getting-started course's videos (COURSE_VIDEOS). */
  courseVideos?: boolean;
}

/**
 * Builds every service once and wires them: no service builds another. Each service builds its own
 * repository over `db` (repositories are stateless SQL), so a test or the CLI can build one service.
 */
export function compose(infra: Infrastructure) {
  const { db, now, storage, jobs, mediaTools } = infra;
  const base = { db, now };
  const media = new MediaRepository(mediaTools.ffmpeg, mediaTools.ffprobe);

  const settings = new SettingService({ ...base, storage });
  const members = new MemberService(base);
  const auth = new AuthService({ ...base, captcha: infra.captcha ?? svgCaptchaGenerator }, members);
  const uploads = new UploadService({ ...base, storage }, settings);
  const fileSetting = new FileSettingService({ storage }, uploads);
  const materials = new MaterialService({ ...base, storage, jobs, realtime: infra.realtime }, uploads);
  const mediaProcessing = new MediaProcessingService({ db, storage, realtime: infra.realtime }, media);
  const materialExport = new MaterialExportService({ db });
  const materialDownload = new MaterialDownloadService({ ...base, storage }, members);
  const clipRenderer = new ClipRenderer(mediaTools.ffmpeg, mediaTools.ffprobe);
  const clipTools = {
    renderer: clipRenderer,
    tts: infra.clip.tts ?? createTts(),
    writer: infra.clip.writer ?? createScriptWriter(),
    fonts: listChineseFonts,
    workDir: infra.clip.workDir,
    output: infra.clip.output,
  };
  const clipCatalog = new ClipCatalogService({ clip: clipTools });
  const clipPlans = new ClipPlanService({ db, storage, renderer: clipRenderer }, materials, clipCatalog);
  const clipRender = new ClipRenderService(
    { ...base, storage, realtime: infra.realtime, clip: clipTools, log: infra.clip.log ?? silentJobLogger },
    clipPlans,
    clipCatalog,
    materials,
  );
  const clipTasks = new ClipTaskService(
    { ...base, storage, jobs, realtime: infra.realtime },
    clipPlans,
    clipRender,
    materials,
  );
  const clipTemplates = new ClipTemplateService({
    ...base,
    storage,
    renderer: clipRenderer,
    fonts: listChineseFonts,
    workDir: infra.clip.workDir,
  });
  const music = new MusicService({ ...base, storage }, media);
  const platforms = new PlatformService({ db });
  const accounts = new AccountService(base, members);
  const accountGroups = new AccountGroupService(base);
  const accountAuth = new AccountAuthService({ ...base, realtime: infra.realtime });
  const accountImport = new AccountImportService(base, platforms, members);
  const customers = new CustomerService(
    // Replies in harvested conversations go out through a runner (harvestWork), not the connector.
    { ...base, jobs, isHarvested: (conversationId) => harvestWork.isHarvested(conversationId) },
    accounts,
    infra.messageConnector,
  );
  const leadModel = infra.leads?.model === undefined ? createLeadModel() : infra.leads.model;
  const replyRules = new ReplyRuleService({
    ...base,
    jobs,
    drafter: infra.replies?.drafter === undefined ? createReplyDrafter() : infra.replies.drafter,
    onDraftError: infra.replies?.onDraftError,
  });
  const inbox = new InboxService({
    ...base,
    realtime: infra.realtime,
    scorer: new LeadScorer(leadModel, infra.leads?.onModelError),
    replies: replyRules,
  });
  const health = new HealthService({ db }, mediaTools);
  const connectors = new ConnectorService(base);
  const serverRunners = new ServerRunnerService({ ...base, driftViews: (ids) => connectors.driftViews(ids) });
  const runnerAuth = new RunnerAuthService({ ...base, realtime: infra.realtime, accountAuth });
  const publish = createPublishServices({
    ...base,
    storage,
    realtime: infra.realtime,
    onLoggedOut: (memberId, accountId) => runnerAuth.loggedOut(memberId, accountId),
  });
  const harvestWork = new HarvestWorkService({
    ...base,
    realtime: infra.realtime,
    scanIntervalMs: infra.harvestIntervalMs,
    onLoggedOut: (memberId, accountId) => runnerAuth.loggedOut(memberId, accountId, Msg.authReasonHarvestLoggedOut),
  });
  // Without a queue the seed leaves the course videos unrendered (COURSE_VIDEOS=off, e.g. most tests).
  const courseJobs = infra.courseVideos ? jobs : undefined;
  const content = new ContentService({ ...base, storage, jobs: courseJobs, media, fonts: listChineseFonts }, settings);
  const profiles = new ProfileService({ ...base, storage });
  const agents = new AgentService({ ...base, storage });
  const dataScreen = new DataScreenService(base);

  return {
    settings,
    members,
    auth,
    uploads,
    fileSetting,
    materials,
    mediaProcessing,
    materialExport,
    materialDownload,
    clipTasks,
    clipCatalog,
    clipRender,
    clipTemplates,
    clipConcurrency: infra.clip.concurrency,
    music,
    platforms,
    accounts,
    accountGroups,
    accountAuth,
    accountImport,
    customers,
    inbox,
    replyRules,
    harvestWork,
    health,
    publish,
    content,
    profiles,
    agents,
    dataScreen,
    runnerAuth,
    serverRunners,
    connectors,
  };
}

/** Every service of a process, built by `compose`. */
export type Services = ReturnType<typeof compose>;

/** Registers every job handler on `jobs`; returns the schedules to start once the queue runs. */
export function registerJobs(jobs: JobQueue, services: Services): JobSchedule[] {
  return [
    ...registerMaterialJobs(jobs, services),
    ...registerUploadJobs(jobs, services),
    ...registerEnterpriseAccountJobs(jobs, services),
    ...registerCustomerJobs(jobs, services),
    ...registerClipTaskJobs(jobs, services),
    ...registerPublishJobs(jobs, services),
    ...registerContentJobs(jobs, services),
    ...registerRunnerAuthJobs(jobs, services),
    ...registerConnectorJobs(jobs, services),
  ];
}

/** Starts the queue's workers, then the schedules (each runs once across all processes). */
export async function startJobs(jobs: JobQueue, schedules: readonly JobSchedule[]): Promise<void> {
  await jobs.start();
  for (const schedule of schedules) {
    await jobs.every(schedule.name, schedule.everyMs);
  }
}
