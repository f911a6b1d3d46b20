import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginCallbackZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import { compose, registerJobs, startJobs, type Services } from './compose.ts';
import { createJobQueue, jobPrefixOf } from './jobs/create-job-queue.ts';
import { createRedisFactory } from './lib/redis.ts';
import { discoverMediaTools } from './media/ffmpeg-discovery.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { svgCaptchaGenerator, type CaptchaGenerator } from './modules/auth/captcha.ts';
import { brandRoutes } from './modules/brand/brand.routes.ts';
import type { Transcriber } from './media/clip/asr/transcriber.ts';
import type { TtsProvider } from './media/clip/tts/tts-provider.ts';
import type { ScriptWriter } from './media/clip/writer/script-writer.ts';
import type { ClipOutput } from './modules/clip-task/clip-tools.ts';
import { clipTaskRoutes } from './modules/clip-task/clip-task.routes.ts';
import { clipTemplateRoutes } from './modules/clip-template/clip-template.routes.ts';
import { LocalConnector, type MessageConnector } from './modules/customer/connector.ts';
import { customerRoutes } from './modules/customer/customer.routes.ts';
import { replyRuleRoutes } from './modules/customer/reply-rule.routes.ts';
import { harvestRoutes } from './modules/customer/harvest.routes.ts';
import { harvestWorkRoutes } from './modules/customer/harvest-work.routes.ts';
import type { LeadModel } from './modules/customer/lead-model.ts';
import type { ReplyDrafter } from './modules/customer/reply-drafter.ts';
import { consoleRoutes } from './modules/console/console.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { enterpriseAccountRoutes } from './modules/enterprise-account/enterprise-account.routes.ts';
import { fileSettingRoutes } from './modules/file-setting/file-setting.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { materialDownloadRoutes } from './modules/material/material-download.routes.ts';
import { materialExportRoutes } from './modules/material/material-export.routes.ts';
import { materialRoutes } from './modules/material/material.routes.ts';
import { memberCacheChannel, memberCacheOf } from './modules/member/member-cache.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { musicRoutes } from './modules/music/music.routes.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { publishRoutes } from './modules/publish/publish.routes.ts';
import { runnerAuthRoutes } from './modules/publish/runner-auth.routes.ts';
import { connectorRoutes } from './modules/publish/connector.routes.ts';
import { settingRoutes } from './modules/setting/setting.routes.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';
import { userCenterRoutes } from './modules/member/user-center.routes.ts';
import { agentRoutes } from './modules/agent/agent.routes.ts';
import { aiStaffRoutes } from './modules/ai-staff/ai-staff.routes.ts';
import { dataScreenRoutes } from './modules/data-screen/data-screen.routes.ts';
import { setupAuth } from './plugins/auth.ts';
import { setupErrorHandler } from './plugins/error-handler.ts';
import { setupExternal } from './plugins/external.ts';
import { setupStorageAndJobs } from './plugins/storage-jobs.ts';
import { setupWebClient } from './plugins/web-client.ts';
import type { RealtimeOptions } from './realtime/hub.ts';
import { setupRealtime } from './realtime/setup.ts';
import { createStorage } from './storage/create-storage.ts';
import { foreignStorageOrigin } from './storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every service, built once by compose.ts; routes take what they need. */
    services: Services;
    /** Every route as registered, with its request schemas: the fuzz and isolation suites walk it. */
    routeTable: readonly RouteEntry[];
  }
}

/** A registered route: method, path, its zod request schemas and whether a member token is required. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: {
    querystring?: unknown;
    body?: unknown;
    params?: unknown;
    security?: readonly Record<string, unknown>[];
  };
}

/** Feature modules, in registration order. A new module is one line here. */
const modules: FastifyPluginCallbackZod[] = [
  healthRoutes,
  authRoutes,
  memberRoutes,
  consoleRoutes,
  settingRoutes,
  fileSettingRoutes,
  uploadRoutes,
  materialRoutes,
  materialExportRoutes,
  materialDownloadRoutes,
  clipTaskRoutes,
  clipTemplateRoutes,
  musicRoutes,
  brandRoutes,
  customerRoutes,
  replyRuleRoutes,
  platformRoutes,
  enterpriseAccountRoutes,
  publishRoutes,
  contentRoutes,
  userCenterRoutes,
  agentRoutes,
  dataScreenRoutes,
  aiStaffRoutes,
  runnerAuthRoutes,
  harvestRoutes,
  connectorRoutes,
  harvestWorkRoutes,
];

export interface AppOptions {
  config: Config;
  /** Migrated database; the caller owns it (and destroys it after `app.close()`). */
  db: Db;
  /** Clock in epoch ms (default Date.now). */
  now?: () => number;
  /** Captcha drawer (default svg-captcha). */
  captcha?: CaptchaGenerator;
  /** Fastify logger options (default off). */
  logger?: FastifyServerOptions['logger'];
  /** Rate-limit key prefix (default `<REDIS_PREFIX>-rl:`); tests use their own to share one Redis. */
  rateLimitNamespace?: string;
  /** Websocket hub tunables (tests shorten the bind timeout and use their own Redis channel). */
  realtime?: Partial<RealtimeOptions>;
  /** Sends customer replies (default: the local connector). */
  messageConnector?: MessageConnector;
  /** Clip output size, frame rate and encoder (default CLIP_HEIGHT's size at CLIP_FPS); tests render small. */
  clipOutput?: ClipOutput;
  /** Clip script writer (default: LLM_BASE_URL/LLM_MODEL from the environment); tests use a local imitation of an LLM service. */
  scriptWriter?: ScriptWriter;
  /** Clip voice (default: TTS_PROVIDER from the environment); tests speak through a local imitation of a cloud voice. */
  tts?: TtsProvider;
  /** Clip speech recognition (default: ASR_BASE_URL from the environment, else none); tests use a local imitation of a service. */
  transcriber?: Transcriber | null;
  /** Reads leads (default: LLM_* from the environment, else none: the rules alone); tests use a local imitation of an LLM service. */
  leadModel?: LeadModel | null;
  /** Drafts AI replies (default: LLM_* from the environment, else none); tests use a local imitation of an LLM service. */
  replyDrafter?: ReplyDrafter | null;
}

/**
 * How long an idle keep-alive connection stays open on the API (Fastify's default is 72 s; set here
 * because deploy/nginx.conf depends on it). nginx keeps its idle upstream connections for less
 * (`keepalive_timeout` in its `upstream` block, 60 s), so it always drops one before the API closes
 * it: a request nginx writes on a connection the API is closing at that moment fails, and nginx does
 * not resend a POST (most of the API) to the other server, so the member would get a 502. Checked
 * against nginx.conf by test/deploy.test.ts.
 */
export const API_KEEP_ALIVE_TIMEOUT_MS = 75_000;

/** Builds the server: third-party plugins, then app plugins (auth, errors), then feature modules. */
export async function buildApp(options: AppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.trustProxy),
    // Start-up seeds (system music through ffmpeg, content) can take longer than Fastify's 10-second
    // default on a busy 2-core machine; a slow start must not be a failed one.
    pluginTimeout: 120_000,
    keepAliveTimeout: API_KEEP_ALIVE_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, schema: route.schema ?? {} });
    }
  });
  app.decorate('routeTable', routeTable);
  const { db } = options;
  const now = options.now ?? Date.now;

  const redisFactory = config.redisUrl ? createRedisFactory(config.redisUrl, app.log) : undefined;
  // Registered first, so it runs after every other onClose hook (Fastify runs them last-in first-out).
  app.addHook('onClose', async () => {
    await redisFactory?.closeAll();
  });
  const redis = redisFactory?.connect('shared');
  if (redis) {
    // Other instances drop cached sessions and member info when this one revokes or writes.
    const unlink = await memberCacheOf({ db, now }).link(redis, memberCacheChannel(config.redisPrefix), (err) =>
      app.log.error({ err }, 'Member cache Redis error'),
    );
    app.addHook('onClose', unlink);
  }
  await setupExternal(app, {
    redis,
    rateLimitNamespace: options.rateLimitNamespace ?? `${config.redisPrefix}-rl:`,
    storageOrigin: foreignStorageOrigin(config.storage),
  });

  const storage = createStorage(config.storage, config.dataDir, db);
  const jobs = createJobQueue({
    db,
    redis: redisFactory,
    prefix: jobPrefixOf(config, options.rateLimitNamespace),
    log: app.log,
  });
  await setupStorageAndJobs(app, { config, storage, jobs, redis: redisFactory });
  // The hub asks auth for a token's member; auth is built below, before any socket can connect.
  const realtime = await setupRealtime(
    app,
    redisFactory,
    { channel: `${config.redisPrefix}:ws`, ...options.realtime },
    async (token) => (await services.auth.authenticate(token)).memberId,
  );
  const services = compose({
    db,
    now,
    storage,
    jobs,
    mediaTools: await discoverMediaTools(config, app.log),
    clip: {
      concurrency: config.clipConcurrency,
      workDir: path.join(config.dataDir, 'clip'),
      output: options.clipOutput ?? { size: config.clipSize },
      writer: options.scriptWriter,
      tts: options.tts,
      transcriber: options.transcriber,
      log: app.log,
    },
    captcha: options.captcha ?? svgCaptchaGenerator,
    realtime,
    harvestIntervalMs: config.harvestIntervalMs,
    messageConnector: options.messageConnector ?? new LocalConnector(),
    leads: {
      model: options.leadModel,
      onModelError: (err: unknown) => app.log.warn({ err }, 'Lead model failed; the rules scored its texts'),
    },
    replies: {
      drafter: options.replyDrafter,
      onDraftError: (err: unknown) => app.log.warn({ err }, 'Reply drafter failed; the AI rule drafted nothing'),
    },
    courseVideos: config.courseVideos === 'on',
    log: app.log,
  });
  app.decorate('services', services);
  // With JOBS=off this instance only enqueues; `npm run worker` processes run the handlers.
  if (config.jobs === 'on') {
    const schedules = registerJobs(jobs, services);
    app.addHook('onReady', () => startJobs(jobs, schedules));
  }

  setupErrorHandler(app);
  setupAuth(app);

  for (const module of modules) {
    await app.register(module);
  }
  await setupWebClient(app, config.webDist);
  return app;
}

/** Fastify takes a hop count as a function (its types leave the number out). */
function trustProxyOption(value: Config['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The built server instance. */
export type App = Awaited<ReturnType<typeof buildApp>>;
