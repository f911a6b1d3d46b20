import { storageInfo } from '@vidmatrix/contract/api/file-setting';
import { levelInfo, memberInfo, type Menu } from '@vidmatrix/contract/api/member';
import {
  AI_STAFF_MENU_IDS,
  CLOUD_UPLOAD_MAX_MB,
  GENERAL_UPLOAD_MAX_COUNT,
  GENERAL_UPLOAD_MAX_MB,
} from '@vidmatrix/contract/constants';
import { ConsolePath } from '@vidmatrix/contract/console-paths';
import { parseServerTime } from '@vidmatrix/contract/rules/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEVELS } from '../src/seed/seed-data.ts';
import { UPLOAD_CHUNK_SIZE } from '../src/modules/file-setting/file-setting.service.ts';
import { MemberService } from '../src/modules/member/member.service.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
let demoToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  demoToken = (await login(ctx.app)).ApiToken;
});
afterAll(async () => {
  await ctx.close();
});

async function get<T>(url: string, token: string, method: 'GET' | 'POST' = 'GET') {
  const res = await ctx.app.inject({ method, url, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ code: number; msg: string; data: T }>();
  expect(body.code).toBe(200);
  return body.data;
}

const standard = LEVELS[1];

describe('member info', () => {
  it('has every field, role_ids non-empty', async () => {
    const data = await get<unknown>('/api/member.Member/info', demoToken);
    const info = memberInfo.strict().parse(data);
    expect(info).toMatchObject({
      username: 'demo',
      nickname: '演示账号',
      phone: '',
      agent: null,
      is_ai: { is_ai_service: 0, ai_link: '', ai_name: '' },
      is_ip: 0,
      is_batch_download: 1,
      member_level: { level_id: standard.id, level_name: standard.name },
    });
    expect(info.member_id).toBeGreaterThan(0);
    expect(info.role_ids).toEqual([1]);
    expect(info.avatar_url).toMatch(/^\/static\/.+\.svg$/);
    // Seeded one year after first start.
    const expiry = parseServerTime(info.member_level.expire_time);
    expect(expiry).not.toBeNull();
    expect(expiry! - ctx.clock.now).toBeGreaterThan(364 * 24 * 3600_000);
  });

  it('shows agent branding once granted', async () => {
    await addMember(ctx, 'agent_one');
    await new MemberService(ctx.deps).makeAgent('agent_one', {
      logoWhite: '/w.svg',
      logoBlack: '/b.svg',
      wechatService: true,
    });
    const { ApiToken } = await login(ctx.app, 'agent_one', 'secret-123');
    const info = await get<{ agent: unknown }>('/api/member.Member/info', ApiToken);
    expect(info.agent).toEqual({ is_wechat_service: 1, logo_white: '/w.svg', logo_black: '/b.svg' });
  });

  it('shows operator changes made after it was read', async () => {
    await addMember(ctx, 'info_changer');
    const { ApiToken } = await login(ctx.app, 'info_changer', 'secret-123');
    const before = await get<{ agent: unknown; member_level: { level_id: number; expire_time: string } }>(
      '/api/member.Member/info',
      ApiToken,
    );
    expect(before.agent).toBeNull();
    const members = new MemberService(ctx.deps);
    await members.makeAgent('info_changer', { logoWhite: '/w2.svg', logoBlack: '/b2.svg', wechatService: false });
    await members.setLevel('info_changer', LEVELS[2].id);
    await members.setExpiry('info_changer', null);
    const after = await get<typeof before>('/api/member.Member/info', ApiToken);
    expect(after.agent).toEqual({ is_wechat_service: 0, logo_white: '/w2.svg', logo_black: '/b2.svg' });
    expect(after.member_level).toMatchObject({ level_id: LEVELS[2].id, expire_time: '' });
  });
});

describe('menus', () => {
  it('include the AI staff ids with avatars, /customer/chat and /operate/Help', async () => {
    const { menus } = await get<{ menus: Menu[] }>('/api/member.Member/noAuthinfo', demoToken, 'POST');
    const ids = menus.map((m) => m.menu_id);
    for (const id of AI_STAFF_MENU_IDS) {
      expect(ids).toContain(id);
      const avatar = menus.find((m) => m.menu_id === id)?.avatar_url ?? '';
      expect(avatar).toMatch(/^\/static\/avatar\/.+\.svg$/);
      const svg = await ctx.app.inject({ method: 'GET', url: avatar });
      expect(svg.headers['content-type']).toContain('image/svg+xml');
    }
    const urls = menus.map((m) => m.menu_url);
    expect(urls).toContain('/customer/chat');
    expect(urls).toContain('/operate/Help');
    expect(urls).toContain(ConsolePath.materials);
  });

  it('need a token', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/member.Member/noAuthinfo' });
    expect(res.statusCode).toBe(401);
  });
});

describe('level and storage', () => {
  it('level info of the demo member', async () => {
    const data = levelInfo.parse(await get('/api/console.Console/getShopLevelsetting', demoToken));
    expect(data.level).toEqual({
      level_id: standard.id,
      level_name: standard.name,
      account_num: standard.account_num,
      space_storage: standard.space_storage,
    });
    expect(data.level_user).toMatchObject({ account_num: 0, space_storage: 0 });
    expect(data.level_user.expire_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('storage info has the right space and no secrets', async () => {
    const data = await get<Record<string, unknown>>('/api/file.Setting/info', demoToken);
    expect(storageInfo.strict().parse(data)).toEqual({
      driver: 'local',
      upload_endpoint: '/api/file.Upload/tus',
      chunk_size: UPLOAD_CHUNK_SIZE,
      public_base_url: '/storage/',
      max_size_mb: CLOUD_UPLOAD_MAX_MB,
      general_max_size_mb: GENERAL_UPLOAD_MAX_MB,
      max_file_num: GENERAL_UPLOAD_MAX_COUNT,
      retention_days: standard.material_retention_days,
      space_total: standard.space_storage,
      space_used: 0,
      space_free: standard.space_storage,
    });
    expect(JSON.stringify(data)).not.toMatch(/secret|access_key|token|password/i);
  });

  it('follows level changes made by the operator', async () => {
    await addMember(ctx, 'level_mover');
    await new MemberService(ctx.deps).setLevel('level_mover', LEVELS[2].id);
    const { ApiToken } = await login(ctx.app, 'level_mover', 'secret-123');
    const data = await get<{ space_total: number }>('/api/file.Setting/info', ApiToken);
    expect(data.space_total).toBe(LEVELS[2].space_storage);
  });
});

describe('ownership', () => {
  it('a member sees only its own data', async () => {
    const otherId = await addMember(ctx, 'other_member');
    const members = new MemberService(ctx.deps);
    await members.setLevel('other_member', LEVELS[0].id);
    await members.setExpiry('other_member', null);
    const { ApiToken } = await login(ctx.app, 'other_member', 'secret-123');

    const mine = await get<{ member_id: number; username: string }>('/api/member.Member/info', ApiToken);
    const demo = await get<{ member_id: number; username: string }>('/api/member.Member/info', demoToken);
    expect(mine).toMatchObject({ member_id: otherId, username: 'other_member' });
    expect(demo.username).toBe('demo');
    expect(demo.member_id).not.toBe(otherId);

    const level = await get<{ level: { level_id: number }; level_user: { expire_time: string } }>(
      '/api/console.Console/getShopLevelsetting',
      ApiToken,
    );
    expect(level.level.level_id).toBe(LEVELS[0].id);
    expect(level.level_user.expire_time).toBe('');
    const demoLevel = await get<{ level: { level_id: number } }>('/api/console.Console/getShopLevelsetting', demoToken);
    expect(demoLevel.level.level_id).toBe(standard.id);
  });
});
