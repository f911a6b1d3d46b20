import type { Db } from './db/types.ts';
import { appDeps } from './deps.ts';
import { silentJobLogger, type JobLogger, type JobQueue, type JobSchedule } from './jobs/job-queue.ts';
import { DomainEventBus } from './lib/events.ts';
import type { MediaTools } from './media/ffmpeg-discovery.ts';
import { MediaRepository } from './media/media.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { svgCaptchaGenerator, type CaptchaGenerator } from './modules/auth/captcha.ts';
import { listChineseFonts } from './media/clip/fonts.ts';
import { ClipRenderer } from './media/clip/render.ts';
import { createTranscriber } from './media/clip/asr/create-transcriber.ts';
import type { Transcriber } from './media/clip/asr/transcriber.ts';
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
import { AiReportService } from './modules/ai-staff/ai-report.service.ts';
import { AiTodoService } from './modules/ai-staff/ai-todo.service.ts';
import { AiPublishService } from './modules/ai-staff/ai-publish.service.ts';
import { DataScreenService } from './modules/data-screen/data-screen.service.ts';
import { MusicService } from './modules/music/music.service.ts';
import { PlatformService } from './modules/platform/platform.service.ts';
import { ConnectorService } from './modules/publish/connector.service.ts';
import { registerConnectorJobs } from './modules/publish/connector.jobs.ts';
import { registerPublishJobs } from './modules/publish/publish.jobs.ts';
import { BatchService } from './modules/publish/batch.service.ts';
import { JobClaimService } from './modules/publish/job-claim.service.ts';
import { JobLeaseService } from './modules/publish/job-lease.service.ts';
import { LongPolls } from './modules/publish/long-poll.ts';
import { JobMoves } from './modules/publish/publish-moves.ts';
import { PublishSweepService } from './modules/publish/publish-sweep.service.ts';
import type { PublishServices } from './modules/publish/publish.service.ts';
import { RunnerRegistryService } from './modules/publish/runner-registry.service.ts';
import { registerRunnerAuthJobs } from './modules/publish/runner-auth.jobs.ts';
import { RunnerAuthService } from './modules/publish/runner-auth.service.ts';
import { ServerRunnerService } from './modules/publish/server-runner.service.ts';
import { SettingService } from './modules/setting/setting.service.ts';
import { registerUploadJobs } from './modules/upload/upload.jobs.ts';
import { UploadService } from './modules/upload/upload.service.ts';
import type { RealtimePublisher } from './realtime/hub.ts';
import type { Repositories } from './repositories.ts';
import type { PublishDeps } from './modules/publish/publish-deps.ts';
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
    transcriber?: Transcriber | null;
    /** Where renders that stop for good are logged (default: nowhere). */
    log?: JobLogger;
  };
  /**
   * The language model that reads buying intent and contacts (default: the LLM_* settings, or none), and
   * where its failures are told (the rules stand in for it).
   */
  leads?: { model?: LeadModel | null; onModelError?: (error: unknown) => void };
  /** Drafts AI replies (default: LLM_* from the environment, else none), and where its failures are told. */
  replies?: {
    drafter?: ReplyDrafter | null;
    onDraftError?: (error: unknown) => void;
  };
  /** Between two harvest passes over one account, ms before jitter (HARVEST_INTERVAL_S; default 300 s). */
  harvestIntervalMs?: number;
  /** Whether the first start renders the getting-started course's videos (COURSE_VIDEOS). */
  courseVideos?: boolean;
  /** Where a domain event listener's failure is logged (default: nowhere). */
  log?: JobLogger;
}

/**
 * Builds every repository and service once and wires them: no service builds a repository or another
 * service. Services receive the narrow ports they use; where one needs another module's data it gets
 * that module's repository, and where it must act after another module's fact it listens to a domain
 * event (lib/events.ts) registered here (issue 26).
 */
export function compose(infra: Infrastructure) {
  const { db, now, storage, jobs, mediaTools } = infra;
  const base = { db, now };
  // Every repository of the modules, once; `repos` also carries db, the clock and the transaction port.
  const repos = appDeps(db, now);
  const { memberRepository, materialRepository, settingRepository, enterpriseAccountRepository, transaction } = repos;
  const media = new MediaRepository(mediaTools.ffmpeg, mediaTools.ffprobe);
  const log = infra.log ?? silentJobLogger;
  // Domain events, delivered in-process and awaited (lib/events.ts); listeners are registered below.
  const events = new DomainEventBus((err, event) => log.error({ err, event }, 'Domain event listener failed'));

  const settings = new SettingService({ settingRepository, storage });
  const members = new MemberService({ ...base, memberRepository, transaction });
  const auth = new AuthService({
    ...base,
    authRepository: repos.authRepository,
    memberRepository,
    transaction,
    captcha: infra.captcha ?? svgCaptchaGenerator,
  });
  const uploads = new UploadService({ uploadRepository: repos.uploadRepository, settingRepository, now, storage });
  const fileSetting = new FileSettingService({ storage, uploadRepository: repos.uploadRepository, settingRepository });
  const materials = new MaterialService({
    materialRepository,
    materialLabelRepository: repos.materialLabelRepository,
    uploadRepository: repos.uploadRepository,
    settingRepository,
    now,
    storage,
    jobs,
    realtime: infra.realtime,
    events,
  });
  // A material's object released (deleted, expired, not filed): the upload module frees it and its space.
  events.on('material.released', ({ memberId, objectKey, size }) => uploads.release(memberId, objectKey, size));
  const mediaProcessing = new MediaProcessingService({ materialRepository, storage, realtime: infra.realtime }, media);
  const materialExport = new MaterialExportService({ materialRepository });
  const materialDownload = new MaterialDownloadService({ materialRepository, memberRepository, now, storage });
  const clipRenderer = new ClipRenderer(mediaTools.ffmpeg, mediaTools.ffprobe);
  const clipTools = {
    renderer: clipRenderer,
    tts: infra.clip.tts ?? createTts(),
    transcriber: infra.clip.transcriber === undefined ? createTranscriber() : infra.clip.transcriber,
    writer: infra.clip.writer ?? createScriptWriter(),
    fonts: listChineseFonts,
    workDir: infra.clip.workDir,
    output: infra.clip.output,
  };
  const clipCatalog = new ClipCatalogService({ clip: clipTools, storage });
  const { clipTaskRepository } = repos;
  // What recognition heard in a released object goes with it.
  events.on('material.released', ({ objectKey }) => clipTaskRepository.forgetTranscript(objectKey));
  const clipPlans = new ClipPlanService(
    {
      clipTaskRepository,
      storage,
      renderer: clipRenderer,
      materialRepository,
      uploadRepository: repos.uploadRepository,
      transcriber: clipTools.transcriber,
    },
    clipCatalog,
  );
  const clipRender = new ClipRenderService(
    {
      clipTaskRepository,
      materialRepository,
      now,
      storage,
      realtime: infra.realtime,
      clip: clipTools,
      log: infra.clip.log ?? silentJobLogger,
      events,
      fileProduced: (memberId, video, fence) => materials.addProduced(memberId, video, fence),
    },
    clipPlans,
    clipCatalog,
  );
  const clipTasks = new ClipTaskService(
    { clipTaskRepository, materialRepository, now, storage, jobs, realtime: infra.realtime, events },
    clipPlans,
    clipRender,
  );
  // A clip task took up materials (a step's media, a filed render): the material module counts the uses.
  events.on('material.used', ({ memberId, materialIds }) => materials.recordUse(memberId, materialIds));
  const clipTemplates = new ClipTemplateService({
    clipTemplateRepository: repos.clipTemplateRepository,
    now,
    storage,
    renderer: clipRenderer,
    fonts: listChineseFonts,
    workDir: infra.clip.workDir,
  });
  const music = new MusicService({ musicRepository: repos.musicRepository, materialRepository, now, storage }, media);
  const platforms = new PlatformService({ platformRepository: repos.platformRepository });
  const accounts = new AccountService({
    enterpriseAccountRepository,
    accountGroupRepository: repos.accountGroupRepository,
    memberRepository,
    now,
    transaction,
  });
  const accountGroups = new AccountGroupService({
    accountGroupRepository: repos.accountGroupRepository,
    now,
    transaction,
  });
  const accountAuth = new AccountAuthService({
    enterpriseAccountRepository,
    now,
    transaction,
    realtime: infra.realtime,
  });
  const accountImport = new AccountImportService({
    enterpriseAccountRepository,
    platformRepository: repos.platformRepository,
    memberRepository,
    now,
    transaction,
  });
  const customers = new CustomerService(
    {
      customerRepository: repos.customerRepository,
      // Conversations show their accounts' nicknames: read from the account module's repository.
      enterpriseAccountRepository,
      now,
      jobs,
      // Replies in harvested conversations go out through a runner (harvestWork), not the connector.
      isHarvested: (conversationId) => harvestWork.isHarvested(conversationId),
    },
    infra.messageConnector,
  );
  const leadModel = infra.leads?.model === undefined ? createLeadModel() : infra.leads.model;
  const replyRules = new ReplyRuleService({
    replyRuleRepository: repos.replyRuleRepository,
    now,
    jobs,
    drafter: infra.replies?.drafter === undefined ? createReplyDrafter() : infra.replies.drafter,
    onDraftError: infra.replies?.onDraftError,
  });
  const inbox = new InboxService({
    inboxRepository: repos.inboxRepository,
    transaction,
    now,
    realtime: infra.realtime,
    scorer: new LeadScorer(leadModel, infra.leads?.onModelError),
    replies: replyRules,
  });
  const health = new HealthService({ healthRepository: repos.healthRepository }, mediaTools);
  const connectors = new ConnectorService({ connectorRepository: repos.connectorRepository, now });
  const serverRunners = new ServerRunnerService({
    serverRunnerRepository: repos.serverRunnerRepository,
    now,
    driftViews: (ids) => connectors.driftViews(ids),
  });
  // A runner's findings write the account's status through the account module's repository (auth-status.ts).
  const runnerAuth = new RunnerAuthService({
    runnerAuthRepository: repos.runnerAuthRepository,
    serverRunnerRepository: repos.serverRunnerRepository,
    transaction,
    now,
    realtime: infra.realtime,
  });
  const publish = composePublish(repos, {
    now,
    storage,
    realtime: infra.realtime,
    transaction,
    harvestWorkRepository: repos.harvestWorkRepository,
    events,
  });
  const harvestWork = new HarvestWorkService({
    harvestWorkRepository: repos.harvestWorkRepository,
    now,
    realtime: infra.realtime,
    scanIntervalMs: infra.harvestIntervalMs,
    events,
  });
  // An account found logged out (publish or harvest emits): publishing rests it, then the account module
  // marks it expired and tells the member. Harvesting needs no listener: its claims and its view read the
  // account's status, so the status write stops its passes (docs/decisions.md).
  events.on('account.logged_out', (event) => publish.leases.accountLoggedOut(event));
  events.on('account.logged_out', (event) => accountAuth.loggedOut(event));
  // Without a queue the seed leaves the course videos unrendered (COURSE_VIDEOS=off, e.g. most tests).
  const courseJobs = infra.courseVideos ? jobs : undefined;
  const content = new ContentService({
    contentRepository: repos.contentRepository,
    settingRepository,
    now,
    storage,
    jobs: courseJobs,
    media,
    fonts: listChineseFonts,
  });
  const profiles = new ProfileService({ ...base, memberRepository, storage });
  const agents = new AgentService({ ...base, agentRepository: repos.agentRepository, transaction, storage });
  const dataScreen = new DataScreenService({ now, dataScreenRepository: repos.dataScreenRepository });
  const aiReport = new AiReportService(base, repos.aiReportRepository);
  const aiTodos = new AiTodoService(base, repos.aiTodoRepository);
  const aiPublish = new AiPublishService(base, repos.aiPublishRepository, repos.aiTodoRepository);

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
    aiReport,
    aiTodos,
    aiPublish,
    runnerAuth,
    serverRunners,
    connectors,
  };
}

/** The publish services over shared repositories, with one JobMoves and this instance's long polls. */
function composePublish(repos: Repositories, deps: PublishDeps): PublishServices {
  const { publishRepository: repo, publishQueueRepository: queue, runnerRepository: runnerRepo } = repos;
  const longPolls = new LongPolls();
  const moves = new JobMoves(deps, repo, longPolls);
  return {
    batches: new BatchService(deps, repo, queue, repos.publishLookupRepository, moves),
    runners: new RunnerRegistryService(deps, runnerRepo),
    claims: new JobClaimService(deps, repo, queue, runnerRepo, moves, repos.reviewFollowRepository, longPolls),
    leases: new JobLeaseService(deps, repo, queue, runnerRepo, moves),
    sweeper: new PublishSweepService(deps, repo, queue, moves),
    longPolls,
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
