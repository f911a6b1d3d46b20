import { agentCenter } from '@vidmatrix/contract/api/agent';
import { memberSessions } from '@vidmatrix/contract/api/user-center';
import { Msg } from '@vidmatrix/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentService } from '../src/modules/agent/agent.service.ts';
import { addMember, auth, createTestApp, login, randomIp, TEST_CAPTCHA_TEXT, type TestContext } from './helpers.ts';

// A 1×1 PNG, as the cropper would send it.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function call<T = unknown>(
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...(token ? auth(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: randomIp(),
  });
  return { status: res.statusCode, body: res.json<Answer<T>>() };
}

async function loginAs(account: string, userAgent: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/member.Login/login',
    payload: { account, password: 'secret-123' },
    headers: { 'user-agent': userAgent },
    remoteAddress: '10.9.8.7',
  });
  return res.json<Answer<{ ApiToken: string }>>().data.ApiToken;
}

describe('sessions', () => {
  it('lists each login with device, address and time, and signs one out', async () => {
    await addMember(ctx, 'sess_owner');
    const laptop = await loginAs('sess_owner', 'Mozilla/5.0 (Windows NT 10.0) Chrome/130');
    const phone = await loginAs('sess_owner', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari');
    const listed = await call('GET', '/api/member.Member/sessions', laptop);
    const sessions = memberSessions.parse(listed.body.data);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other.device).toContain('iPhone');
    expect(other.ip).toBe('10.9.8.7');
    expect(other.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const ended = await call('POST', '/api/member.Member/endSession', laptop, { session_id: other.session_id });
    expect(ended.body).toMatchObject({ code: 200, msg: Msg.sessionEnded });
    expect((await call('GET', '/api/member.Member/info', phone)).status).toBe(401);
    expect((await call('GET', '/api/member.Member/info', laptop)).status).toBe(200);
    // Gone from the list, and a second sign-out of it finds nothing.
    expect(memberSessions.parse((await call('GET', '/api/member.Member/sessions', laptop)).body.data)).toHaveLength(1);
    expect((await call('POST', '/api/member.Member/endSession', laptop, { session_id: other.session_id })).status).toBe(
      404,
    );
  });

  it("never ends another member's session", async () => {
    await addMember(ctx, 'sess_victim');
    await addMember(ctx, 'sess_thief');
    const victim = await loginAs('sess_victim', 'victim-agent');
    const thief = await loginAs('sess_thief', 'thief-agent');
    const [victimSession] = memberSessions.parse((await call('GET', '/api/member.Member/sessions', victim)).body.data);
    const answer = await call('POST', '/api/member.Member/endSession', thief, {
      session_id: victimSession!.session_id,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.msg).toBe(Msg.notFound);
    expect((await call('GET', '/api/member.Member/info', victim)).status).toBe(200);
    const thiefList = memberSessions.parse((await call('GET', '/api/member.Member/sessions', thief)).body.data);
    expect(thiefList.map((s) => s.device)).toEqual(['thief-agent']);
  });
});

describe('profile', () => {
  it('changes nickname and phone and refuses bad ones in Chinese', async () => {
    await addMember(ctx, 'profile_one');
    const token = (await login(ctx.app, 'profile_one', 'secret-123')).ApiToken;
    const saved = await call('POST', '/api/member.Member/updateProfile', token, {
      nickname: '新昵称',
      phone: '13800138000',
    });
    expect(saved.body).toMatchObject({ code: 200, msg: Msg.updated });
    const info = await call<{ nickname: string; phone: string }>('GET', '/api/member.Member/info', token);
    expect(info.body.data).toMatchObject({ nickname: '新昵称', phone: '13800138000' });

    const noName = await call('POST', '/api/member.Member/updateProfile', token, { nickname: '  ', phone: '' });
    expect(noName.body).toEqual({ code: 400, msg: Msg.nicknameRequired, data: null });
    const badPhone = await call('POST', '/api/member.Member/updateProfile', token, { nickname: 'x', phone: '12345' });
    expect(badPhone.body.msg).toBe(Msg.phoneFormat);
  });

  it('stores a cropped avatar and refuses what is not an image', async () => {
    await addMember(ctx, 'avatar_one');
    const token = (await login(ctx.app, 'avatar_one', 'secret-123')).ApiToken;
    const saved = await call<{ avatar_url: string }>('POST', '/api/member.Member/updateAvatar', token, {
      image: PNG_DATA_URL,
    });
    expect(saved.body.code).toBe(200);
    const url = saved.body.data.avatar_url;
    expect(url).toMatch(/\/avatar\/\d+\/[0-9a-f]+\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    const info = await call<{ avatar_url: string }>('GET', '/api/member.Member/info', token);
    expect(info.body.data.avatar_url).toBe(url);

    // Claims to be a PNG, holds text: the bytes decide.
    const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
    const refused = await call('POST', '/api/member.Member/updateAvatar', token, { image: fake });
    expect(refused.body).toEqual({ code: 400, msg: Msg.imageFormat, data: null });
    const svg = await call('POST', '/api/member.Member/updateAvatar', token, {
      image: 'data:image/svg+xml;base64,AAAA',
    });
    expect(svg.body.msg).toBe(Msg.imageFormat);
  });
});

describe('AI customer service', () => {
  type AiInfo = { is_ai: { is_ai_service: number; ai_name: string; ai_link: string } };

  it('a member turns their own window on and off; the link must be https; others are untouched', async () => {
    await addMember(ctx, 'ai_owner');
    await addMember(ctx, 'ai_other');
    const token = (await login(ctx.app, 'ai_owner', 'secret-123')).ApiToken;
    const other = (await login(ctx.app, 'ai_other', 'secret-123')).ApiToken;
    const url = '/api/member.Member/updateAiService';

    const on = await call('POST', url, token, {
      is_ai_service: 1,
      ai_name: ' 小矩 ',
      ai_link: 'https://kf.example.com/chat?id=7',
    });
    expect(on.body).toMatchObject({ code: 200, msg: Msg.aiServiceSaved });
    const info = await call<AiInfo>('GET', '/api/member.Member/info', token);
    expect(info.body.data.is_ai).toEqual({
      is_ai_service: 1,
      ai_name: '小矩',
      ai_link: 'https://kf.example.com/chat?id=7',
    });
    const untouched = await call<AiInfo>('GET', '/api/member.Member/info', other);
    expect(untouched.body.data.is_ai.is_ai_service).toBe(0);

    // Off keeps the name and link for turning it on again.
    await call('POST', url, token, { is_ai_service: 0, ai_name: '小矩', ai_link: 'https://kf.example.com/chat?id=7' });
    const off = await call<AiInfo>('GET', '/api/member.Member/info', token);
    expect(off.body.data.is_ai).toEqual({
      is_ai_service: 0,
      ai_name: '小矩',
      ai_link: 'https://kf.example.com/chat?id=7',
    });

    const http = await call('POST', url, token, {
      is_ai_service: 1,
      ai_name: '小矩',
      ai_link: 'http://kf.example.com',
    });
    expect(http.body).toEqual({ code: 400, msg: Msg.aiServiceLinkHttps, data: null });
    const script = await call('POST', url, token, { is_ai_service: 0, ai_link: 'javascript:alert(1)' });
    expect(script.body.msg).toBe(Msg.aiServiceLinkHttps);
    const noName = await call('POST', url, token, {
      is_ai_service: 1,
      ai_name: ' ',
      ai_link: 'https://kf.example.com',
    });
    expect(noName.body.msg).toBe(Msg.aiServiceNameRequired);
    const badFlag = await call('POST', url, token, {
      is_ai_service: 2,
      ai_name: 'x',
      ai_link: 'https://kf.example.com',
    });
    expect(badFlag.body.code).toBe(400);
    const tooLong = await call('POST', url, token, {
      is_ai_service: 1,
      ai_name: '名'.repeat(33),
      ai_link: 'https://a.cn',
    });
    expect(tooLong.body.msg).toBe(Msg.textTooLong);
    // Nothing refused was stored.
    const still = await call<AiInfo>('GET', '/api/member.Member/info', token);
    expect(still.body.data.is_ai.is_ai_service).toBe(0);

    const anonymous = await call('POST', url, undefined, { is_ai_service: 0 });
    expect(anonymous.body.code).toBe(401);
  });
});

describe('agent programme and white-label', () => {
  async function registerOn(host: string, account: string) {
    const captcha = await ctx.app.inject({
      method: 'GET',
      url: '/api/member.Login/captcha',
      remoteAddress: randomIp(),
    });
    const { captcha_id } = captcha.json<Answer<{ captcha_id: string }>>().data;
    return call<{ ApiToken: string }>(
      'POST',
      '/api/member.Register/register',
      undefined,
      { account, password: 'secret-123', captcha_id, captcha_code: TEST_CAPTCHA_TEXT },
      { host },
    );
  }

  it('applies, is approved by the operator, brands a domain and counts its members', async () => {
    await addMember(ctx, 'agent_applicant');
    const token = (await login(ctx.app, 'agent_applicant', 'secret-123')).ApiToken;
    const form = { company: '星河传媒', contact: '王经理', phone: '13900000000', region: '杭州' };
    const applied = await call('POST', '/api/agent.Agent/apply', token, form);
    expect(applied.body).toMatchObject({ code: 200, msg: Msg.agentApplied, data: { status: 0, company: '星河传媒' } });
    expect((await call('POST', '/api/agent.Agent/apply', token, form)).body.msg).toBe(Msg.agentApplyPending);
    // Only an agent may brand.
    const early = await call('POST', '/api/agent.Agent/updateBrand', token, { name: '星河' });
    expect(early.body.msg).toBe(Msg.agentOnly);

    const agents = new AgentService(ctx.deps);
    const pending = await agents.list(false);
    const mine = pending.find((a) => a.account === 'agent_applicant')!;
    expect(mine).toMatchObject({ company: '星河传媒', status: 0 });
    await agents.decide(mine.id, true);
    expect((await agents.list(false)).some((a) => a.id === mine.id)).toBe(false);

    const center = agentCenter.parse((await call('GET', '/api/agent.Agent/center', token)).body.data);
    expect(center).toMatchObject({
      application: { status: 1 },
      brand: { name: '星河传媒', domain: '' },
      member_count: 0,
    });
    const info = await call<{ agent: unknown }>('GET', '/api/member.Member/info', token);
    expect(info.body.data.agent).not.toBeNull();
    expect((await call('POST', '/api/agent.Agent/apply', token, form)).body.msg).toBe(Msg.alreadyAgent);

    const logo = await call<{ url: string }>('POST', '/api/agent.Agent/uploadLogo', token, {
      variant: 'white',
      image: PNG_DATA_URL,
    });
    expect(logo.body.code).toBe(200);
    const badDomain = await call('POST', '/api/agent.Agent/updateBrand', token, { name: '星河', domain: 'http://x' });
    expect(badDomain.body.msg).toBe(Msg.domainFormat);
    const branded = await call('POST', '/api/agent.Agent/updateBrand', token, {
      name: '星河获客',
      logo_white: logo.body.data.url,
      logo_black: logo.body.data.url,
      is_wechat_service: 1,
      domain: 'Brand.Example.TEST',
    });
    expect(branded.body.code).toBe(200);

    // The agent's domain shows the agent's brand; the house's host does not.
    const onAgent = await call<{ system_name: string; logo_url: string }>(
      'GET',
      '/api/setting.Setting/setting',
      undefined,
      undefined,
      { host: 'brand.example.test:8080' },
    );
    expect(onAgent.body.data).toMatchObject({ system_name: '星河获客', logo_url: logo.body.data.url });
    const onHouse = await call<{ system_name: string }>('GET', '/api/setting.Setting/setting', undefined);
    expect(onHouse.body.data.system_name).not.toBe('星河获客');
    const config = await call<{ config_label: string; config_value: string }[]>(
      'POST',
      '/api/setting.Setting/getConfigValueCate',
      undefined,
      { config_cate_id: 12 },
      { host: 'brand.example.test' },
    );
    expect(config.body.data.find((c) => c.config_label === 'appName')?.config_value).toBe('星河获客');
    // Content served there names the agent's brand where it names the product: agreement, agent programme, courses.
    for (const url of [
      '/api/content.Agreement/current?kind=agreement',
      '/api/content.Page/sections?page=agent',
      '/api/content.Course/list',
    ]) {
      const there = JSON.stringify((await call('GET', url, undefined, undefined, { host: 'brand.example.test' })).body);
      const house = JSON.stringify((await call('GET', url, undefined)).body);
      expect(house, url).toContain('AI获客矩阵');
      expect(there, url).toContain('星河获客');
      expect(there, url).not.toContain('AI获客矩阵');
    }

    // Sign-ups on the agent's domain belong to the agent; others do not.
    expect((await registerOn('brand.example.test', 'agent_customer')).body.code).toBe(200);
    expect((await registerOn('127.0.0.1', 'house_customer')).body.code).toBe(200);
    const after = agentCenter.parse((await call('GET', '/api/agent.Agent/center', token)).body.data);
    expect(after.member_count).toBe(1);

    // A second agent cannot take the domain.
    await addMember(ctx, 'agent_second');
    const second = (await login(ctx.app, 'agent_second', 'secret-123')).ApiToken;
    await call('POST', '/api/agent.Agent/apply', second, { ...form, company: '第二家' });
    const secondApp = (await agents.list(false)).find((a) => a.account === 'agent_second')!;
    await agents.decide(secondApp.id, true);
    const taken = await call('POST', '/api/agent.Agent/updateBrand', second, {
      name: '二',
      domain: 'brand.example.test',
    });
    expect(taken.body).toEqual({ code: 400, msg: Msg.domainTaken, data: null });
  });

  it('refuses an incomplete application in Chinese', async () => {
    await addMember(ctx, 'agent_lazy');
    const token = (await login(ctx.app, 'agent_lazy', 'secret-123')).ApiToken;
    const answer = await call('POST', '/api/agent.Agent/apply', token, {
      company: '',
      contact: 'x',
      phone: '13900000000',
    });
    expect(answer.body).toEqual({ code: 400, msg: Msg.agentCompanyRequired, data: null });
    const phone = await call('POST', '/api/agent.Agent/apply', token, { company: 'a', contact: 'x', phone: '' });
    expect(phone.body.msg).toBe(Msg.phoneFormat);
  });
});
