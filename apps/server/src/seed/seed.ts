import { APP_CONFIG_CATE_ID, GENERAL_UPLOAD_MAX_COUNT } from '@vidmatrix/contract/constants';
import { platformAuthType } from '@vidmatrix/contract/rules/account-selectability';
import { versionCodeOf } from '@vidmatrix/contract/rules/version-code';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import { AI_STAFF_MENUS, MAIN_MENUS } from '@vidmatrix/contract/menus';
import { PLATFORMS } from '@vidmatrix/contract/platforms';
import { randomPassword } from '../lib/password.ts';
import { aiStaffAvatarUrl, BrandUrl, platformLogoUrl } from '../modules/brand/brand-assets.ts';
import { MEMBER_ROLE } from '../modules/member/member-defaults.ts';
import { MemberService } from '../modules/member/member.service.ts';
import { DEMO_LEVEL_ID, DEMO_MEMBERSHIP_MS, LEVELS } from './seed-data.ts';

/** The version every client starts at (its code derives from it, as every release's does). */
export const SEED_VERSION_NAME = '1.0.0';

/** The little of a logger seeding needs (pino and Fastify's logger fit). */
export interface SeedLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Inserts the reference data and the demo member when missing. Idempotent: rows that exist are
 * left alone (an operator may have edited them), so it runs on every start.
 */
export async function seedDatabase(
  deps: Pick<AppDeps, 'db' | 'now' | 'memberRepository' | 'transaction'>,
  config: Pick<Config, 'demoAccount' | 'demoPassword'>,
  log: SeedLogger,
): Promise<void> {
  const { db } = deps;
  const now = deps.now();

  await db
    .insertInto('platform')
    .values(
      PLATFORMS.map((p) => ({
        id: p.id,
        name: p.name,
        auth_type: platformAuthType(p.id),
        logo_url: platformLogoUrl(p.id),
        sort: p.id,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  await db
    .insertInto('level')
    .values([...LEVELS])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  await db
    .insertInto('role')
    .values({ ...MEMBER_ROLE })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();

  const menus = [
    ...MAIN_MENUS.map((m, index) => ({ ...m, pid: 0, avatar_url: '', sort: index + 1 })),
    ...AI_STAFF_MENUS.map((m, index) => ({
      id: m.id,
      pid: 0,
      name: m.name,
      url: m.url,
      icon: 'RobotOutlined',
      avatar_url: aiStaffAvatarUrl(m.key),
      sort: 100 + index,
    })),
  ];
  await db
    .insertInto('menu')
    .values(menus)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('role_menu')
    .values(menus.map((m) => ({ role_id: MEMBER_ROLE.id, menu_id: m.id })))
    .onConflict((oc) => oc.columns(['role_id', 'menu_id']).doNothing())
    .execute();

  const appConfig: [string, string][] = [
    ['appName', 'AI获客矩阵'],
    ['merchant-ico', BrandUrl.merchantIco],
    ['admin-logo', BrandUrl.adminLogo],
    ['max_file_num', String(GENERAL_UPLOAD_MAX_COUNT)],
  ];
  await db
    .insertInto('config')
    .values(appConfig.map(([label, value], index) => ({ cate_id: APP_CONFIG_CATE_ID, label, value, sort: index })))
    .onConflict((oc) => oc.columns(['cate_id', 'label']).doNothing())
    .execute();

  const siteSettings: Record<string, string> = {
    system_name: 'AI获客矩阵',
    page_title: 'AI获客矩阵 - 短视频矩阵发布与AI获客',
    logo_url: BrandUrl.logo,
    copyright: `© ${new Date(now).getUTCFullYear()} AI获客矩阵 版权所有`,
    // Filing numbers are the operator's own: left empty until set with the admin CLI.
    police_record: '',
    icp: '',
    telecom_licence: '',
    mac_config_url: '/storage/releases/mac/AI获客矩阵.dmg',
    windows_url: '/storage/releases/win/AI获客矩阵-Setup.exe',
  };
  await db
    .insertInto('site_setting')
    .values(Object.entries(siteSettings).map(([name, value]) => ({ name, value })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  const versions = [
    { platform: 'web', download_url: '' },
    { platform: '1', download_url: siteSettings.windows_url ?? '' },
    { platform: '2', download_url: siteSettings.mac_config_url ?? '' },
  ];
  await db
    .insertInto('client_version')
    .values(
      versions.map((v) => ({
        ...v,
        version_code: versionCodeOf(SEED_VERSION_NAME),
        version_name: SEED_VERSION_NAME,
        version_info: '首个版本：账号管理、素材库、批量发布与AI智能体员工。',
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['platform', 'version_code']).doNothing())
    .execute();

  await seedDemoMember(deps, config, log);
}

async function seedDemoMember(
  deps: Pick<AppDeps, 'db' | 'now' | 'memberRepository' | 'transaction'>,
  config: Pick<Config, 'demoAccount' | 'demoPassword'>,
  log: SeedLogger,
): Promise<void> {
  const members = new MemberService(deps);
  if (await members.findByAccount(config.demoAccount)) {
    return;
  }
  const password = config.demoPassword ?? randomPassword();
  try {
    await members.create({
      account: config.demoAccount,
      password,
      nickname: '演示账号',
      levelId: DEMO_LEVEL_ID,
      expireTime: deps.now() + DEMO_MEMBERSHIP_MS,
      roleIds: [MEMBER_ROLE.id],
    });
  } catch (error) {
    // A process starting beside this one on the same empty database (a cluster's APIs and workers)
    // created it first; that one logs its password.
    if (await members.findByAccount(config.demoAccount)) {
      return;
    }
    throw error;
  }
  if (config.demoPassword) {
    log.info({ account: config.demoAccount }, 'Demo member created with DEMO_PASSWORD');
  } else {
    log.warn(
      { account: config.demoAccount, password },
      `Demo member created. Account "${config.demoAccount}", generated password "${password}". ` +
        'This is shown ONCE: note it now, or set another with `npm run admin -- set-password`.',
    );
  }
}
