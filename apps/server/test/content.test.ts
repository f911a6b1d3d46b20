import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  AgreementDoc,
  AgreementStatus,
  ChangelogEntry,
  CourseCategory,
  CourseDetail,
  DownloadBuild,
  HelpArticle,
  LiveList,
  PageSection,
  PricingLevels,
} from '@vidmatrix/contract/api/content';
import type { LevelInfo } from '@vidmatrix/contract/api/member';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportContent, importContent } from '../src/modules/content/content-io.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import { call } from './upload-client.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await createTestApp({ courseVideos: 'on' });
  token = (await login(ctx.app)).ApiToken;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, headers: res.headers, ...res.json<{ code: number; msg: string; data: T }>() };
}

describe('public content', () => {
  it('serves the seeded change log newest first, cacheable', async () => {
    const res = await get<ChangelogEntry[]>('/api/content.ChangeLog/list');
    expect(res.code).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d+/);
    expect(res.data.length).toBeGreaterThanOrEqual(10);
    expect(res.data[0]?.version).toBe('0.10.0');
    expect(res.data.at(-1)?.version).toBe('0.1.0');
    expect(res.data[0]?.body).toContain('更新日志');
  });

  it('prices the levels with the quotas the server enforces, and the caller’s level', async () => {
    const visitor = await get<PricingLevels>('/api/content.Pricing/levels');
    expect(visitor.data.current_level_id).toBe(0);
    expect(visitor.data.payment_available).toBe(false);
    expect(visitor.data.levels.map((l) => l.name)).toEqual(['体验版', '标准版', '旗舰版']);
    expect(visitor.data.levels[1]?.price).toBe(298000);

    const member = await get<PricingLevels>('/api/content.Pricing/levels', auth(token));
    expect(member.headers['cache-control']).toBe('private, no-store');
    const levelInfo = await get<LevelInfo>('/api/console.Console/getShopLevelsetting', auth(token));
    const current = member.data.levels.find((l) => l.level_id === member.data.current_level_id);
    // One source: the page's quotas are the ones the member's level info answers.
    expect(current?.account_num).toBe(levelInfo.data.level.account_num);
    expect(current?.space_storage).toBe(levelInfo.data.level.space_storage);
  });

  it('records an upgrade request for a higher level only', async () => {
    const lower = await call(ctx.app, token, '/api/content.Pricing/upgrade', { level_id: 1 });
    expect(lower.msg).toBe(Msg.upgradeNotHigher);
    const missing = await call(ctx.app, token, '/api/content.Pricing/upgrade', { level_id: 99 });
    expect(missing.msg).toBe(Msg.levelNotFound);
    const bad = await call(ctx.app, token, '/api/content.Pricing/upgrade', { level_id: 'x' });
    expect(bad.code).toBe(400);
    const up = await call<{ request_id: number }>(ctx.app, token, '/api/content.Pricing/upgrade', { level_id: 3 });
    expect(up.code).toBe(200);
    expect(up.msg).toBe(Msg.upgradeRequested);
    const pending = await ctx.app.services.content.pendingUpgrades();
    expect(pending.map((r) => [r.account, r.level_name])).toEqual([['demo', '旗舰版']]);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/content.Pricing/upgrade',
      payload: { level_id: 3 },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('lists courses; members-only chapters play only for a signed-in caller; videos are rendered', async () => {
    const list = await get<CourseCategory[]>('/api/content.Course/list');
    const course = list.data[0]?.courses[0];
    expect(course).toMatchObject({ slug: 'getting-started', chapter_count: 4, free_count: 2, duration: 32 });

    // The seed's render job makes the videos one after another; wait for all four, not for a time.
    await expect
      .poll(
        async () =>
          (
            await get<CourseDetail>('/api/content.Course/detail?slug=getting-started', auth(token))
          ).data.chapters.filter((c) => c.video.endsWith('.mp4')).length,
        { timeout: 120_000, interval: 500 },
      )
      .toBe(4);
    const visitor = await get<CourseDetail>('/api/content.Course/detail?slug=getting-started');
    expect(visitor.data.chapters.map((c) => [c.playable, c.video !== ''])).toEqual([
      [true, true],
      [true, true],
      [false, false],
      [false, false],
    ]);
    const video = await ctx.app.inject({ method: 'GET', url: visitor.data.chapters[0]?.video ?? '' });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');

    const unknown = await get('/api/content.Course/detail?slug=nope');
    expect(unknown.code).toBe(404);
    expect(unknown.msg).toBe(Msg.courseNotFound);
    const hostile = await get('/api/content.Course/detail?slug=../etc');
    expect(hostile.code).toBe(400);
  });

  it('tells live sessions apart by the server clock', async () => {
    const before = await get<LiveList>('/api/content.Live/list');
    expect(before.data.live_now).toBe(false);
    expect(before.data.sessions.map((s) => s.state)).toEqual(['ended', 'upcoming']);
    ctx.clock.advance(7 * 24 * 60 * 60_000 + 60_000);
    const during = await get<LiveList>('/api/content.Live/list');
    expect(during.data.live_now).toBe(true);
    ctx.clock.advance(2 * 60 * 60_000);
    expect((await get<LiveList>('/api/content.Live/list')).data.live_now).toBe(false);
  });

  it('offers downloads only for builds whose file is in storage', async () => {
    const res = await get<DownloadBuild[]>('/api/content.Download/info');
    expect(res.data.map((b) => [b.platform, b.version_name, b.url])).toEqual([
      ['win', '1.0.0', ''],
      ['mac', '1.0.0', ''],
    ]);
  });

  it('serves sections and searchable help', async () => {
    const product = await get<PageSection[]>('/api/content.Page/sections?page=product');
    expect(product.data.map((s) => s.slug)).toEqual(['matrix', 'clip', 'publish', 'leads']);
    const agent = await get<PageSection[]>('/api/content.Page/sections?page=agent');
    expect(agent.data).toHaveLength(1);
    const help = await get<HelpArticle[]>(`/api/content.Help/list?keyword=${encodeURIComponent('授权')}`);
    expect(help.data.map((a) => a.slug)).toContain('authorize-account');
    expect(help.data.every((a) => `${a.title}${a.feature}${a.body}`.includes('授权'))).toBe(true);
    const bad = await get('/api/content.Page/sections?page=secret');
    expect(bad.code).toBe(400);
  });
});

describe('agreement', () => {
  it('asks each member until they agree to the current version, and again for a new version', async () => {
    await addMember(ctx, 'agreer');
    const t = (await login(ctx.app, 'agreer', 'secret-123')).ApiToken;
    const doc = await get<AgreementDoc>('/api/content.Agreement/current');
    expect(doc.data.version).toBe('1.0');
    const privacy = await get<AgreementDoc>('/api/content.Agreement/current?kind=privacy');
    expect(privacy.data.title).toBe('隐私政策');

    const first = await get<AgreementStatus>('/api/content.Agreement/status', auth(t));
    expect(first.data).toEqual({ version: '1.0', agreed_version: '', agreed: false });
    const stale = await call(ctx.app, t, '/api/content.Agreement/agree', { version: '0.9' });
    expect(stale.msg).toBe(Msg.agreementChanged);
    expect((await call(ctx.app, t, '/api/content.Agreement/agree', { version: '1.0' })).code).toBe(200);
    expect((await get<AgreementStatus>('/api/content.Agreement/status', auth(t))).data.agreed).toBe(true);
    // Another member's agreement is their own.
    expect((await get<AgreementStatus>('/api/content.Agreement/status', auth(token))).data.agreed).toBe(false);

    await ctx.app.services.content.save(
      [
        {
          kind: 'agreement',
          slug: 'user-agreement-1.1',
          title: '用户协议',
          sort: 0,
          meta: { version: '1.1', date: '2026-12-01' },
          body: '新版',
        },
      ],
      'replace',
    );
    expect((await get<AgreementStatus>('/api/content.Agreement/status', auth(t))).data).toEqual({
      version: '1.1',
      agreed_version: '1.0',
      agreed: false,
    });
  });
});

describe('content import and export', () => {
  it('round-trips through Markdown files and changes the change log and a course without code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vm-content-'));
    try {
      const content = ctx.app.services.content;
      const out = await exportContent(dir, content);
      expect(out.documents).toBeGreaterThan(20);
      const chapterFile = path.join(dir, 'chapter', 'start-1-login.md');
      expect(fs.readFileSync(chapterFile, 'utf8')).toMatch(/^---\ntitle: 注册与登录\n/);

      fs.writeFileSync(
        path.join(dir, 'changelog', 'v0.11.0.md'),
        '---\ntitle: 运营改的日志\nversion: 0.11.0\ndate: 2026-12-24\nclient: web\n---\n\n- 由 Markdown 导入\n',
      );
      fs.writeFileSync(
        chapterFile,
        fs.readFileSync(chapterFile, 'utf8').replace('title: 注册与登录', 'title: 注册、登录与同意协议'),
      );
      fs.writeFileSync(path.join(dir, 'levels.yml'), '- level_id: 2\n  price: 199900\n  features: [批量发布]\n');
      const done = await importContent(dir, content);
      expect(done.documents).toBe(out.documents + 1);

      const log = await get<ChangelogEntry[]>('/api/content.ChangeLog/list');
      expect(log.data[0]).toMatchObject({ version: '0.11.0', title: '运营改的日志', body: '- 由 Markdown 导入' });
      const course = await get<CourseDetail>('/api/content.Course/detail?slug=getting-started');
      expect(course.data.chapters[0]?.title).toBe('注册、登录与同意协议');
      const pricing = await get<PricingLevels>('/api/content.Pricing/levels');
      expect(pricing.data.levels[1]).toMatchObject({ price: 199900, features: ['批量发布'] });

      fs.writeFileSync(path.join(dir, 'changelog', 'broken.md'), '---\ntitle: 缺版本\n---\n');
      fs.writeFileSync(
        path.join(dir, 'changelog', 'v0.12.0.md'),
        '---\ntitle: 不该写入\nversion: 0.12.0\ndate: 2026-12-25\nclient: web\n---\n',
      );
      await expect(importContent(dir, content)).rejects.toThrow(/changelog\/broken\.md: version/);
      expect((await get<ChangelogEntry[]>('/api/content.ChangeLog/list')).data[0]?.version).toBe('0.11.0');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
