import { isEmbeddableAiLink } from '@vidmatrix/contract/rules/ai-service';
import { versionCodeOf } from '@vidmatrix/contract/rules/version-code';
import { parseArgs } from 'node:util';
import { accountName, password as passwordSchema } from '@vidmatrix/contract/api/auth';
import { BATCH_DOWNLOAD_MAX_LIMIT } from '@vidmatrix/contract/constants';
import { Msg } from '@vidmatrix/contract/messages';
import { parseServerTime } from '@vidmatrix/contract/rules/time';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrator.ts';
import { MEMBER_ROLE, REGISTER_LEVEL_ID } from '../modules/member/member-defaults.ts';
import { seedDatabase } from '../seed/seed.ts';
import type { Db } from '../db/types.ts';
import { appDeps, type AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { createRedisFactory } from '../lib/redis.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { svgCaptchaGenerator } from '../modules/auth/captcha.ts';
import { memberCacheChannel, memberCacheOf } from '../modules/member/member-cache.ts';
import { MemberService } from '../modules/member/member.service.ts';
import { AgentService } from '../modules/agent/agent.service.ts';
import { SITE_SETTING_NAMES, SettingService, type SiteSettingName } from '../modules/setting/setting.service.ts';
import { exportContent, importContent } from '../modules/content/content-io.ts';
import { ContentService } from '../modules/content/content.service.ts';
import { exportConnectorFile, importConnectorFile } from '../modules/publish/connector-io.ts';
import { ConnectorService, DefinitionsRefused } from '../modules/publish/connector.service.ts';
import { ServerRunnerService } from '../modules/publish/server-runner.service.ts';
import { createStorage } from '../storage/create-storage.ts';
import type { StorageDriver } from '../storage/storage.ts';
import {
  RELEASE_PLATFORMS,
  ReleaseError,
  ReleaseService,
  type ReleasePlatform,
} from '../modules/setting/release.service.ts';

const USAGE = `Vidmatrix operator CLI (uses DATA_DIR / DATABASE_URL like the server)

Usage: npm run admin -- <command> [arguments]

  create-member <account> <password> [--level <id>]   new member (level 1 by default, never expires)
  set-password <account> <password>                  new password; ends every login of the member
  set-level <account> <levelId>                      move a member to another level (1, 2, 3)
  levels                                             membership levels: quotas and whether server runners serve them
  level-server-runners <levelId> on|off              let server runners (npm start's RUNNERS) publish and authorize
                                                     accounts for the level's members, or not
  server-runner-token <name>                         an operator token for a runner host of your own (RUNNER_TOKEN of
                                                     npm run runner); a new one for the same name ends the old one
  set-expiry <account> <"YYYY-MM-DD HH:mm:ss" | YYYY-MM-DD | never>
                                                     membership expiry, UTC+8
  make-agent <account> --logo-white <url> --logo-black <url> [--wechat-service]
                                                     grant agent branding (or update it)
  set-ai-service <account> (--link <url> --name <title> | off)
                                                     the floating AI customer-service window
  set-features <account> [--proxy on|off] [--batch-download <max> | --batch-download off]
                                                     §6 flags: account proxies (is_ip), batch download
  agent list [--all]                                 agent programme applications (pending; --all: every one)
  agent approve <applicationId>                      approve: the member becomes an agent
  agent reject <applicationId>                       reject an application
  set-setting <name> <value>                         site setting: ${SITE_SETTING_NAMES.join(', ')}
  content import <dir>                               public site content from <kind>/<slug>.md files
                                                     (front matter + Markdown), media/ and levels.yml
  content export <dir>                               writes the content back out in that layout
  connectors import <file.json>                      newer connector definitions for the runners, no release needed:
                                                     checked field by field, stored as the current version (platforms
                                                     left out keep the built-in ones); runners take it at their next claim
  connectors export <file.json>                      writes the current definitions (or the built-in ones) to edit
  upgrade list                                       members' pending level upgrade requests
  upgrade (done|reject) <id>                         close a request (set the level with set-level)
  release publish --platform win|mac --version-name <1.2.0> [--version-code <n>] --notes <text> --file <path> [--file <path> …]
                                                     publish a desktop release: files and latest.yml / latest-mac.yml
                                                     into storage (releases/win|mac/), the versionInfo record and the
                                                     /download link (Windows: the .exe; macOS: the .zip and the .dmg)
  help                                               this text
`;

/** English for the catalogue messages services answer with. */
function explain(msg: string): string {
  switch (msg) {
    case Msg.notFound:
      return 'no member (or application) with that id or account';
    case Msg.invalidParams:
      return 'no level with that id';
    case Msg.accountTaken:
      return 'that account already exists';
    default:
      return 'refused';
  }
}

/** A mistake in the command line: usage is printed, exit code 2. */
class UsageError extends Error {}

/** A file the schema refused: each field that is wrong is printed, exit code 1. */
class RefusedFile extends Error {
  constructor(readonly issues: string[]) {
    super('refused');
  }
}

function need(value: string | undefined, what: string): string {
  if (value === undefined || value === '') {
    throw new UsageError(`missing ${what}`);
  }
  return value;
}

function parseLevelId(value: string | undefined, what = 'level id'): number {
  const id = Number(need(value, what));
  if (!Number.isInteger(id) || id <= 0) {
    throw new UsageError(`${what} must be a positive integer, got "${value}"`);
  }
  return id;
}

function parseExpiry(value: string | undefined): number | null {
  const raw = need(value, 'expiry').trim();
  if (raw === 'never') {
    return null;
  }
  const at = parseServerTime(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw} 23:59:59` : raw);
  if (at === null) {
    throw new UsageError(`expiry must be "YYYY-MM-DD HH:mm:ss", YYYY-MM-DD or never, got "${raw}"`);
  }
  return at;
}

function parseOnOff(value: string, what: string): boolean {
  if (value !== 'on' && value !== 'off') {
    throw new UsageError(`${what} must be on or off, got "${value}"`);
  }
  return value === 'on';
}

function parseBatchMax(value: string): number {
  if (value === 'off') {
    return 0;
  }
  const max = Number(value);
  if (!Number.isInteger(max) || max < 1 || max > BATCH_DOWNLOAD_MAX_LIMIT) {
    throw new UsageError(`--batch-download must be off or an integer 1-${BATCH_DOWNLOAD_MAX_LIMIT}, got "${value}"`);
  }
  return max;
}

function checked<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: string,
  what: string,
): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new UsageError(`invalid ${what}: "${value}"`);
  }
  return result.data;
}

async function run(argv: string[], deps: AppDeps, storage: () => StorageDriver): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      level: { type: 'string' },
      'logo-white': { type: 'string' },
      'logo-black': { type: 'string' },
      'wechat-service': { type: 'boolean', default: false },
      link: { type: 'string' },
      name: { type: 'string' },
      proxy: { type: 'string' },
      'batch-download': { type: 'string' },
      all: { type: 'boolean', default: false },
      platform: { type: 'string' },
      'version-name': { type: 'string' },
      'version-code': { type: 'string' },
      notes: { type: 'string' },
      file: { type: 'string', multiple: true },
    },
  });
  const [command, first, second] = positionals;
  const members = new MemberService(deps);

  switch (command) {
    case 'create-member': {
      const account = checked(accountName, need(first, 'account'), 'account (4-32 letters, digits or _)');
      const password = checked(passwordSchema, need(second, 'password'), 'password (6-64 characters)');
      const levelId = values.level === undefined ? REGISTER_LEVEL_ID : parseLevelId(values.level);
      const id = await members.create({ account, password, levelId, expireTime: null, roleIds: [MEMBER_ROLE.id] });
      return `Created member ${account} (id ${id}, level ${levelId}, never expires).`;
    }
    case 'set-password': {
      const account = need(first, 'account');
      const password = checked(passwordSchema, need(second, 'password'), 'password (6-64 characters)');
      await new AuthService({ ...deps, captcha: svgCaptchaGenerator }).resetPassword(account, password);
      return `Password of ${account} changed; all its logins ended.`;
    }
    case 'set-level': {
      const account = need(first, 'account');
      const levelId = parseLevelId(second);
      await members.setLevel(account, levelId);
      return `Member ${account} is now on level ${levelId}.`;
    }
    case 'levels': {
      const levels = await new ServerRunnerService(deps).levels();
      return levels
        .map(
          (l) =>
            `level ${l.id} ${l.name}: ${l.account_num} accounts, server runners ${l.server_runners === 1 ? 'on' : 'off'}`,
        )
        .join('\n');
    }
    case 'level-server-runners': {
      const levelId = parseLevelId(first);
      const on = parseOnOff(need(second, 'on or off'), 'server runners');
      if (!(await new ServerRunnerService(deps).setLevelServerRunners(levelId, on))) {
        throw new UsageError(`no level with id ${levelId}`);
      }
      return `Level ${levelId}: server runners ${on ? 'on' : 'off'}.`;
    }
    case 'server-runner-token': {
      const name = need(first, 'name');
      const { runner_id, token } = await new ServerRunnerService(deps).register(`operator/${name}`);
      return `Server runner ${runner_id} (operator/${name}): RUNNER_TOKEN=${token}\nShown once; run it with RUNNER_SERVER_URL=<this server> RUNNER_TOKEN=<token> npm run runner.`;
    }
    case 'set-expiry': {
      const account = need(first, 'account');
      const expireTime = parseExpiry(second);
      await members.setExpiry(account, expireTime);
      return `Membership of ${account} ${expireTime === null ? 'never expires' : `expires at ${second} (UTC+8)`}.`;
    }
    case 'make-agent': {
      const account = need(first, 'account');
      await members.makeAgent(account, {
        logoWhite: need(values['logo-white'], '--logo-white <url>'),
        logoBlack: need(values['logo-black'], '--logo-black <url>'),
        wechatService: values['wechat-service'],
      });
      return `Member ${account} is an agent${values['wechat-service'] ? ' with wechat service' : ''}.`;
    }
    case 'set-ai-service': {
      const account = need(first, 'account');
      if (second === 'off') {
        await members.setAiService(account, null);
        return `AI customer service of ${account} is off.`;
      }
      const link = need(values.link, '--link <https url>');
      if (!isEmbeddableAiLink(link)) {
        throw new UsageError('--link must be an https URL (the console CSP blocks http frames)');
      }
      await members.setAiService(account, { link, name: need(values.name, '--name <title>') });
      return `AI customer service of ${account} opens ${link}.`;
    }
    case 'set-features': {
      const account = need(first, 'account');
      const proxy = values.proxy === undefined ? undefined : parseOnOff(values.proxy, '--proxy');
      const batch = values['batch-download'];
      const batchDownloadMax = batch === undefined ? undefined : parseBatchMax(batch);
      if (proxy === undefined && batchDownloadMax === undefined) {
        throw new UsageError('give --proxy on|off and/or --batch-download <max>|off');
      }
      await members.setFeatures(account, { proxy, batchDownloadMax });
      return `Features of ${account}: ${[
        proxy === undefined ? null : `proxy ${proxy ? 'on' : 'off'}`,
        batchDownloadMax === undefined
          ? null
          : `batch download ${batchDownloadMax > 0 ? `up to ${batchDownloadMax}` : 'off'}`,
      ]
        .filter(Boolean)
        .join(', ')}.`;
    }
    case 'agent': {
      const agents = new AgentService(deps);
      if (first === 'list') {
        const rows = await agents.list(values.all);
        if (rows.length === 0) {
          return values.all ? 'No applications.' : 'No pending applications.';
        }
        const status = ['pending', 'approved', 'rejected'];
        return rows
          .map(
            (r) =>
              `#${r.id}  ${r.account}  ${r.company}  ${r.contact} ${r.phone}  ${r.region || '-'}  ` +
              `${status[r.status] ?? r.status}  ${r.createdAt}`,
          )
          .join('\n');
      }
      if (first === 'approve' || first === 'reject') {
        const id = Number(need(second, 'application id'));
        if (!Number.isInteger(id) || id <= 0) {
          throw new UsageError(`application id must be a positive integer, got "${second}"`);
        }
        const { account } = await agents.decide(id, first === 'approve');
        return first === 'approve'
          ? `Application #${id} approved: ${account} is an agent.`
          : `Application #${id} rejected.`;
      }
      throw new UsageError(`unknown agent command "${first ?? ''}" (list, approve, reject)`);
    }
    case 'set-setting': {
      const name = need(first, 'setting name');
      if (!(SITE_SETTING_NAMES as readonly string[]).includes(name)) {
        throw new UsageError(`unknown setting "${name}"`);
      }
      await new SettingService(deps).setSiteSetting(name as SiteSettingName, second ?? '');
      return `Setting ${name} = "${second ?? ''}".`;
    }
    case 'content': {
      const dir = need(second, 'directory');
      const content = new ContentService({ ...deps, storage: storage() });
      if (first === 'import') {
        const done = await importContent(dir, content);
        return `Imported ${done.documents} documents, ${done.media} media files and ${done.levels} level offers from ${dir}.`;
      }
      if (first === 'export') {
        const done = await exportContent(dir, content);
        return `Exported ${done.documents} documents, ${done.media} media files and ${done.levels} level offers to ${dir}.`;
      }
      throw new UsageError('content import <dir> | content export <dir>');
    }
    case 'connectors': {
      const file = need(second, 'file.json');
      const connectors = new ConnectorService(deps);
      if (first === 'import') {
        return importConnectorFile(file, connectors).catch((error: unknown) => {
          throw error instanceof DefinitionsRefused ? new RefusedFile(error.issues) : error;
        });
      }
      if (first === 'export') {
        const builtIn = async () => (await import('@vidmatrix/publisher/connectors/registry')).CONNECTORS;
        return exportConnectorFile(file, connectors, builtIn);
      }
      throw new UsageError('connectors import <file.json> | connectors export <file.json>');
    }
    case 'upgrade': {
      const content = new ContentService({ ...deps, storage: storage() });
      if (first === 'list') {
        const rows = await content.pendingUpgrades();
        return rows.length === 0
          ? 'No pending upgrade requests.'
          : rows
              .map(
                (r) =>
                  `#${r.id} ${r.account} → ${r.level_name} (level ${r.level_id}) ${new Date(Number(r.created_at)).toISOString()} ${r.remark}`,
              )
              .join('\n');
      }
      if (first === 'done' || first === 'reject') {
        const id = parseLevelId(second, 'request id');
        const closed = await content.closeUpgrade(id, first === 'done' ? 'done' : 'rejected');
        return closed ? `Request #${id} closed (${first}).` : `No pending request #${id}.`;
      }
      throw new UsageError('upgrade list | upgrade done <id> | upgrade reject <id>');
    }
    case 'release': {
      if (first !== 'publish') {
        throw new UsageError('usage: release publish --platform win|mac …');
      }
      const platform = need(values.platform, '--platform win|mac');
      if (!(platform in RELEASE_PLATFORMS)) {
        throw new UsageError(`--platform must be win or mac, got "${platform}"`);
      }
      const versionName = need(values['version-name'], '--version-name <1.2.0>');
      const given = values['version-code'];
      const releases = new ReleaseService({ ...deps, storage: storage() });
      try {
        const published = await releases.publish({
          platform: platform as ReleasePlatform,
          versionName,
          versionCode: given === undefined ? undefined : Number(given),
          notes: values.notes ?? '',
          files: values.file ?? [],
        });
        return [
          `Published ${platform} ${versionName} (code ${versionCodeOf(versionName)}): ${published.files.length} file(s).`,
          `Download: ${published.downloadUrl}`,
          `Channel file: ${published.channelUrl}`,
        ].join('\n');
      } catch (error) {
        throw error instanceof ReleaseError ? new UsageError(error.message) : error;
      }
    }
    case 'help':
    case undefined:
      return USAGE;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv.includes('--help')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfig();
  let db: Db | undefined;
  try {
    db = connectDatabase(config);
    await migrateToLatest(db);
    const deps = appDeps(db, Date.now);
    await seedDatabase(deps, config, {
      info: (_obj, msg) => process.stderr.write(`${msg}\n`),
      warn: (_obj, msg) => process.stderr.write(`${msg}\n`),
    });
    // Running servers cache sessions and member info: publish this process's drops to them.
    const redis = config.redisUrl
      ? createRedisFactory(config.redisUrl, { error: (_obj, msg) => process.stderr.write(`${msg}\n`) })
      : undefined;
    const unlink = redis
      ? await memberCacheOf(deps).link(redis.connect('member-cache'), memberCacheChannel(config.redisPrefix), () => {})
      : undefined;
    try {
      let storage: StorageDriver | undefined;
      const storageOnce = () => (storage ??= createStorage(config.storage, config.dataDir, deps.db));
      process.stdout.write(`${await run(argv, deps, storageOnce)}\n`);
    } finally {
      await unlink?.();
      await redis?.closeAll();
    }
    return 0;
  } catch (error) {
    if (error instanceof RefusedFile) {
      process.stderr.write(
        `Error: the file was refused, nothing was stored:\n${error.issues.map((i) => `  ${i}`).join('\n')}\n`,
      );
      return 1;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AppError) {
      process.stderr.write(`Error: ${explain(error.message)} (${error.message})\n`);
      return 1;
    }
    process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await db?.destroy();
  }
}

process.exitCode = await main();
