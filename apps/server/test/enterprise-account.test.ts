import {
  accountList,
  AccountApi,
  authLogList,
  groupList,
  importResult,
  platformList,
  type EnterpriseAccount,
  type ImportResult,
} from '@vidmatrix/contract/api/enterprise-account';
import { levelInfo } from '@vidmatrix/contract/api/member';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import { readXlsx, xlsxFile as workbook } from '@vidmatrix/fixtures';
import { remainingAccounts } from '@vidmatrix/contract/rules/quota';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER_LEVEL_ID } from '../src/modules/member/member-defaults.ts';
import { LEVELS } from '../src/seed/seed-data.ts';
import { MemberService } from '../src/modules/member/member.service.ts';
import { IMPORT_KEEP_MS, IMPORT_PRUNE_JOB } from '../src/modules/enterprise-account/account-import.service.ts';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';

let ctx: TestContext;
let demo: string;
let other: string;

beforeAll(async () => {
  ctx = await createTestApp();
  demo = (await login(ctx.app)).ApiToken;
  // Proxies (ip_code) are a §6 feature an operator turns on; these members have it.
  await ctx.app.services.members.setFeatures('demo', { proxy: true });
  await addMember(ctx, 'acct_other');
  other = (await login(ctx.app, 'acct_other', 'secret-123')).ApiToken;
});
afterAll(async () => {
  await ctx.close();
});

interface Body<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await ctx.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<Body<T>>() };
}

async function okData<T>(token: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> {
  const { status, body } = await call<T>(token, method, url, payload);
  expect(body.msg, `${url} ${body.msg}`).toBeTypeOf('string');
  expect(status, `${url}: ${body.msg}`).toBe(200);
  expect(body.code).toBe(200);
  return body.data;
}

async function addAccount(token: string, payload: Record<string, unknown>): Promise<number> {
  const data = await okData<{ enterprise_account_id: number }>(token, 'POST', AccountApi.add, payload);
  return data.enterprise_account_id;
}

async function list(token: string, query = ''): Promise<{ list: EnterpriseAccount[]; count: number }> {
  return accountList.parse(await okData(token, 'GET', `${AccountApi.list}?limit=800${query}`));
}

/** A multipart body with one file field. */
function multipart(fileName: string, data: Buffer) {
  const boundary = `----vidmatrix${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importFile(token: string, fileName: string, data: Buffer): Promise<ImportResult> {
  const { payload, contentType } = multipart(fileName, data);
  const res = await ctx.app.inject({
    method: 'POST',
    url: AccountApi.import,
    headers: { ...auth(token), 'content-type': contentType },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return importResult.parse(res.json<Body<unknown>>().data);
}

const HEADERS = ['昵称', '备注', '平台', '分组', '代理IP'];

describe('platforms', () => {
  it('lists the seeded platforms, remarks as a name filter', async () => {
    const all = platformList.parse(await okData(demo, 'POST', `${AccountApi.platformList}?remarks=&page=1&limit=0`));
    expect(all.count).toBe(18);
    expect(all.list[0]).toMatchObject({ platform_id: 1, platform_name: '抖音' });
    const some = platformList.parse(
      await okData(demo, 'POST', `${AccountApi.platformList}?remarks=${encodeURIComponent('快手')}`),
    );
    expect(some.list.map((p) => p.platform_id)).toEqual([2, 16]);
  });
});

describe('accounts and groups', () => {
  let groupA: number;
  let parent: number;

  it('adds groups and refuses a duplicate name', async () => {
    groupA = (await okData<{ group_id: number }>(demo, 'POST', AccountApi.groupAdd, { group_name: '华东组' })).group_id;
    await okData(demo, 'POST', AccountApi.groupAdd, { group_name: '华南组' });
    const dup = await call(demo, 'POST', AccountApi.groupAdd, { group_name: '华东组' });
    expect(dup.body).toMatchObject({ code: 400, msg: '分组名称已存在' });
    const empty = await call(demo, 'POST', AccountApi.groupAdd, { group_name: ' ' });
    expect(empty.body.msg).toBe('请输入分组名称');
  });

  it('adds accounts with sub-accounts nested under their parent', async () => {
    parent = await addAccount(demo, {
      nickname: '主号A',
      platform_id: 1,
      remarks: '旗舰店',
      group_id: groupA,
      ip_code: '10.0.0.1',
    });
    await addAccount(demo, { nickname: '子号A1', platform_id: 1, pid: parent });
    await addAccount(demo, { nickname: '快手号', platform_id: 2, remarks: '直播' });
    const { list: rows, count } = await list(demo);
    expect(count).toBe(2);
    const main = rows.find((a) => a.enterprise_account_id === parent);
    expect(main).toMatchObject({
      nickname: '主号A',
      remarks: '旗舰店',
      platform_name: '抖音',
      group_id: groupA,
      group_name: '华东组',
      ip_code: '10.0.0.1',
      cookie_auth_status: 0,
      pid: 0,
    });
    expect(main?.children?.map((c) => [c.nickname, c.pid])).toEqual([['子号A1', parent]]);
    // The selector list is flat.
    const flat = accountList.parse(await okData(demo, 'GET', `${AccountApi.selectorList}?limit=0`));
    expect(flat.count).toBe(3);
  });

  it('refuses a duplicate, an unknown platform and nested sub-accounts', async () => {
    expect((await call(demo, 'POST', AccountApi.add, { nickname: '主号A', platform_id: 1 })).body.msg).toBe(
      '该平台下已存在同名账号',
    );
    expect((await call(demo, 'POST', AccountApi.add, { nickname: 'x', platform_id: 99 })).body.msg).toBe('平台不存在');
    expect((await call(demo, 'POST', AccountApi.add, { nickname: '', platform_id: 1 })).body.msg).toBe(
      '请输入账号昵称',
    );
    const child = (await list(demo)).list.find((a) => a.enterprise_account_id === parent)?.children?.[0];
    expect(
      (await call(demo, 'POST', AccountApi.add, { nickname: 'y', platform_id: 1, pid: child?.enterprise_account_id }))
        .body.msg,
    ).toBe('子账号下不能再添加子账号');
  });

  it('filters by platform (comma list and repeated), group and remarks', async () => {
    expect((await list(demo, '&platform_id=2')).list.map((a) => a.nickname)).toEqual(['快手号']);
    expect((await list(demo, '&platform_id=1,2')).count).toBe(2);
    expect((await list(demo, '&platform_id=1&platform_id=2')).count).toBe(2);
    expect((await list(demo, `&group_id=${groupA}`)).list.map((a) => a.nickname)).toEqual(['主号A']);
    expect((await list(demo, '&group_id=0')).list.map((a) => a.nickname)).toEqual(['快手号']);
    expect((await list(demo, '&group_id=')).count).toBe(2);
    expect((await list(demo, `&remarks=${encodeURIComponent('直播')}`)).list.map((a) => a.nickname)).toEqual([
      '快手号',
    ]);
    // A sub-account match lists its parent.
    expect((await list(demo, `&remarks=${encodeURIComponent('子号')}`)).list.map((a) => a.nickname)).toEqual(['主号A']);
    // LIKE wildcards are literal.
    expect((await list(demo, '&remarks=%25')).count).toBe(0);
    // Paging counts main accounts.
    const page = accountList.parse(await okData(demo, 'GET', `${AccountApi.list}?page=2&limit=1`));
    expect(page).toMatchObject({ count: 2 });
    expect(page.list).toHaveLength(1);
  });

  it('edits remarks, group and proxy; batch-moves; group delete falls back to no group', async () => {
    await okData(demo, 'POST', AccountApi.edit, { enterprise_account_id: parent, remarks: '新备注', ip_code: '' });
    let main = (await list(demo)).list.find((a) => a.enterprise_account_id === parent);
    expect(main).toMatchObject({ remarks: '新备注', ip_code: '', group_id: groupA });
    const ids = (await list(demo)).list.map((a) => a.enterprise_account_id);
    await okData(demo, 'POST', AccountApi.editGroup, { ids: ids.join(','), group_id: groupA });
    const groups = groupList.parse(await okData(demo, 'GET', `${AccountApi.groupList}?limit=0`));
    expect(groups.list.find((g) => g.group_id === groupA)?.account_count).toBe(2);
    await okData(demo, 'POST', AccountApi.groupEdit, { group_id: groupA, group_name: '华东一组' });
    main = (await list(demo)).list.find((a) => a.enterprise_account_id === parent);
    expect(main?.group_name).toBe('华东一组');
    await okData(demo, 'POST', AccountApi.groupDele, { group_id: groupA });
    const after = await list(demo);
    expect(after.list.every((a) => a.group_id === 0 && a.group_name === '')).toBe(true);
  });

  it('keeps another member out of all of it', async () => {
    expect((await list(other)).count).toBe(0);
    expect(groupList.parse(await okData(other, 'GET', `${AccountApi.groupList}?limit=0`)).count).toBe(0);
    const edit = await call(other, 'POST', AccountApi.edit, { enterprise_account_id: parent, remarks: 'hack' });
    expect(edit.body).toMatchObject({ code: 400, msg: '账号不存在或无权操作该账号' });
    expect((await call(other, 'POST', AccountApi.dele, { ids: String(parent) })).body.msg).toBe(
      '账号不存在或无权操作该账号',
    );
    expect((await call(other, 'POST', AccountApi.authCkStatus, { enterprise_account_id: parent })).body.code).toBe(400);
    expect((await call(other, 'GET', `${AccountApi.authLog}?enterprise_account_id=${parent}`)).body.code).toBe(400);
    // Moving into another member's group is refused too.
    const theirGroup = (
      await okData<{ group_id: number }>(other, 'POST', AccountApi.groupAdd, { group_name: '别人的组' })
    ).group_id;
    expect(
      (await call(demo, 'POST', AccountApi.editGroup, { ids: String(parent), group_id: theirGroup })).body.msg,
    ).toBe('分组不存在或无权操作该分组');
    expect((await call(demo, 'POST', AccountApi.groupDele, { group_id: theirGroup })).body.msg).toBe(
      '分组不存在或无权操作该分组',
    );
    const mine = await list(demo);
    expect(mine.list.find((a) => a.enterprise_account_id === parent)?.remarks).toBe('新备注');
  });

  it('records authorization changes with time, from, to and reason', async () => {
    await okData(demo, 'POST', AccountApi.authCkStatus, { enterprise_account_id: parent, cookie_auth_status: 1 });
    const kuaishou = (await list(demo)).list.find((a) => a.platform_id === 2)!;
    // The desktop's start-up check: one batch valid, one expired; unchanged ones are not logged.
    const valid = await okData<{ changed: number }>(demo, 'POST', AccountApi.authCkAllStatus, {
      enterprise_account_id: `${parent},${kuaishou.enterprise_account_id}`,
      cookie_auth_status: 1,
    });
    expect(valid.changed).toBe(1);
    ctx.clock.advance(60_000);
    await okData(demo, 'POST', AccountApi.authCkAllStatus, {
      enterprise_account_id: String(parent),
      cookie_auth_status: 2,
    });
    const rows = await list(demo);
    expect(rows.list.find((a) => a.enterprise_account_id === parent)?.cookie_auth_status).toBe(2);
    // Platform 2 is access-authorized: its access_status follows.
    expect(rows.list.find((a) => a.platform_id === 2)?.access_status).toBe(1);
    const log = authLogList.parse(await okData(demo, 'GET', `${AccountApi.authLog}?enterprise_account_id=${parent}`));
    expect(log.list.map((e) => [e.from_status, e.to_status, e.reason])).toEqual([
      [1, 2, '客户端检测：授权已过期'],
      [0, 1, '客户端重新授权'],
    ]);
    expect(log.list[0]?.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('deletes accounts with their sub-accounts and gives the quota back', async () => {
    const before = levelInfo.parse(await okData(demo, 'GET', '/api/console.Console/getShopLevelsetting'));
    expect(before.level_user.account_num).toBe(3);
    await okData(demo, 'POST', AccountApi.dele, { ids: String(parent) });
    const after = levelInfo.parse(await okData(demo, 'GET', '/api/console.Console/getShopLevelsetting'));
    expect(after.level_user.account_num).toBe(1);
    expect((await list(demo)).count).toBe(1);
  });
});

describe('quota', () => {
  it('refuses one account too many and keeps level_user.account_num in sync', async () => {
    const trialLimit = LEVELS.find((l) => l.id === REGISTER_LEVEL_ID)!.account_num;
    await addMember(ctx, 'acct_quota');
    await new MemberService(ctx.deps).setLevel('acct_quota', REGISTER_LEVEL_ID);
    const token = (await login(ctx.app, 'acct_quota', 'secret-123')).ApiToken;
    // Concurrent adds never overshoot the quota. Which of them win is up to the database, so the
    // test asserts only the invariant and goes on with the nicknames that actually won.
    const nicknames = Array.from({ length: trialLimit + 3 }, (_, i) => `q${i}`);
    const results = await Promise.all(
      nicknames.map((nickname) => call(token, 'POST', AccountApi.add, { nickname, platform_id: 1 })),
    );
    const won = nicknames.filter((_, i) => results[i]!.body.code === 200);
    expect(won).toHaveLength(trialLimit);
    const refusedMsgs = results.filter((r) => r.body.code !== 200).map((r) => r.body.msg);
    expect(refusedMsgs).toEqual(
      Array.from({ length: 3 }, () => fillMsg(Msg.accountQuotaExceeded, { limit: trialLimit })),
    );
    expect((await list(token)).list.map((a) => a.nickname).sort()).toEqual([...won].sort());
    const info = levelInfo.parse(await okData(token, 'GET', '/api/console.Console/getShopLevelsetting'));
    expect(info.level_user.account_num).toBe(trialLimit);
    expect(remainingAccounts(info)).toBe(0);

    // Import past the quota: updates still apply, new rows fail with the reason.
    const file = await workbook([HEADERS, [won[0]!, '更新', '抖音', '', ''], ['新号', '', '抖音', '', '']]);
    const result = await importFile(token, 'a.xlsx', file);
    expect(result).toMatchObject({ importStatus: 1, addCount: 0, updateCount: 1, failCount: 1 });
  });
});

describe('import', () => {
  let token: string;
  beforeAll(async () => {
    await addMember(ctx, 'acct_import');
    await ctx.app.services.members.setFeatures('acct_import', { proxy: true });
    token = (await login(ctx.app, 'acct_import', 'secret-123')).ApiToken;
    await addAccount(token, { nickname: '已有号', platform_id: 1, remarks: '旧备注' });
  });

  it('serves the template', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: AccountApi.importTemplate });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(await readXlsx(res.rawPayload)).toEqual([HEADERS]);
  });

  it('adds, updates and fails rows independently; failed rows download with reasons', async () => {
    const file = await workbook([
      HEADERS,
      ['新号1', '备注1', '抖音', '导入组', '1.1.1.1'],
      ['新号2', '', '2', '', ''],
      ['', '无昵称', '抖音', '', ''],
      ['坏平台', '', '推特', '', ''],
      ['已有号', '新备注', '抖音', '', ''],
      ['新号1', '重复', '抖音', '', ''],
      ['新号3', '', '快手', '导入组', ''],
    ]);
    const result = await importFile(token, '账号.xlsx', file);
    expect(result).toMatchObject({ importStatus: 1, addCount: 3, updateCount: 1, failCount: 3, errorMsg: '' });
    expect(result.errorFileURL).toMatch(/^\/api\/member\.EnterpriseAccount\/importErrorFile\?import_id=/);

    const rows = (await list(token)).list;
    expect(rows.find((a) => a.nickname === '已有号')?.remarks).toBe('新备注');
    expect(rows.find((a) => a.nickname === '新号1')).toMatchObject({
      group_name: '导入组',
      ip_code: '1.1.1.1',
      platform_id: 1,
    });
    expect(rows.find((a) => a.nickname === '新号3')?.group_name).toBe('导入组');

    const res = await ctx.app.inject({ method: 'GET', url: result.errorFileURL, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(await readXlsx(res.rawPayload)).toEqual([
      [...HEADERS, '失败原因'],
      ['', '无昵称', '抖音', '', '', '昵称不能为空'],
      ['坏平台', '', '推特', '', '', '平台不存在：推特'],
      ['新号1', '重复', '抖音', '', '', '与第2行重复'],
    ]);
    // Only the member who imported can download it.
    const stranger = await ctx.app.inject({ method: 'GET', url: result.errorFileURL, headers: auth(other) });
    expect(stranger.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: result.errorFileURL });
    expect(anonymous.statusCode).toBe(401);

    // A week later the failed rows are gone, and the prune job removes the record.
    ctx.clock.advance(IMPORT_KEEP_MS + 1);
    const late = await ctx.app.inject({ method: 'GET', url: result.errorFileURL, headers: auth(token) });
    expect(late.statusCode).toBe(404);
    await ctx.app.jobs.enqueue(IMPORT_PRUNE_JOB, {});
    await ctx.app.jobs.drain();
    const left = await ctx.db.selectFrom('enterprise_account_import').select('id').execute();
    expect(left).toEqual([]);
  });

  it('re-imports the same file as updates only', async () => {
    const file = await workbook([HEADERS, ['新号2', '再次', '快手', '', '']]);
    expect(await importFile(token, 'b.xlsx', file)).toMatchObject({
      importStatus: 1,
      addCount: 0,
      updateCount: 1,
      failCount: 0,
      errorFileURL: '',
    });
  });

  it('refuses files that are not spreadsheets, empty, or with wrong headers', async () => {
    const csv = Buffer.from('昵称,备注\n张三,1\n');
    expect(await importFile(token, 'a.xlsx', csv)).toMatchObject({
      importStatus: 0,
      errorMsg: '文件不是有效的Excel表格，请上传.xls或.xlsx文件',
    });
    expect((await importFile(token, 'a.csv', await workbook([HEADERS]))).importStatus).toBe(0);
    expect((await importFile(token, 'a.xlsx', Buffer.alloc(0))).errorMsg).toBe('文件中没有可导入的数据');
    expect((await importFile(token, 'a.xlsx', await workbook([HEADERS]))).errorMsg).toBe('文件中没有可导入的数据');
    expect((await importFile(token, 'a.xlsx', await workbook([]))).errorMsg).toBe('文件中没有可导入的数据');
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    expect((await importFile(token, 'a.xls', ole)).errorMsg).toContain('.xlsx');
    const zipNotWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100, 1)]);
    expect((await importFile(token, 'a.xlsx', zipNotWorkbook)).importStatus).toBe(0);
    const wrong = await importFile(
      token,
      'a.xlsx',
      await workbook([
        ['名字', '平台'],
        ['a', '抖音'],
      ]),
    );
    expect(wrong).toMatchObject({ importStatus: 0, addCount: 0 });
    expect(wrong.errorMsg).toContain('昵称、备注、平台、分组、代理IP');
  });

  it('refuses a file over IMPORT_MAX_MB and a request without a file', async () => {
    const big = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    expect((await importFile(token, 'big.xlsx', big)).errorMsg).toBe('文件大小不超过10MB!');
    const res = await ctx.app.inject({ method: 'POST', url: AccountApi.import, headers: auth(token), payload: {} });
    expect(res.json<Body<ImportResult>>().data.errorMsg).toBe('请上传相关文件');
  });
});

describe('export', () => {
  it('streams the filtered accounts as xlsx, and 暂无数据 when none match', async () => {
    await addMember(ctx, 'acct_export');
    await ctx.app.services.members.setFeatures('acct_export', { proxy: true });
    const token = (await login(ctx.app, 'acct_export', 'secret-123')).ApiToken;
    const empty = await call(token, 'GET', AccountApi.export);
    expect(empty.body).toMatchObject({ code: 0, msg: '暂无数据' });

    const parentId = await addAccount(token, { nickname: '导出主号', platform_id: 1, remarks: 'r1', ip_code: 'p1' });
    await addAccount(token, { nickname: '导出子号', platform_id: 1, pid: parentId });
    await addAccount(token, { nickname: '导出快手', platform_id: 2 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${AccountApi.export}?platform_id=1`,
      headers: auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...HEADERS, '授权状态', '访问状态', '主账号', '创建时间']);
    expect(rows.slice(1).map((r) => r.slice(0, 8))).toEqual([
      ['导出主号', 'r1', '抖音', '', 'p1', '未授权', '访问异常', ''],
      ['导出子号', '', '抖音', '', '', '未授权', '访问异常', '导出主号'],
    ]);
    // An export imports back as updates.
    const again = await importFile(token, 'export.xlsx', await workbook(rows.map((r) => r.slice(0, 5))));
    expect(again).toMatchObject({ importStatus: 1, updateCount: 2, addCount: 0, failCount: 0 });
    // Another member's export is empty.
    expect((await call(other, 'GET', `${AccountApi.export}?platform_id=1`)).body).toMatchObject({ code: 0 });
  });
});

describe('the proxy flag (is_ip, §6)', () => {
  it('refuses an ip_code on add, edit and import unless is_ip is 1; clearing one is always allowed', async () => {
    await addMember(ctx, 'acct_noproxy');
    const token = (await login(ctx.app, 'acct_noproxy', 'secret-123')).ApiToken;
    const info = await okData<{ is_ip: number }>(token, 'GET', '/api/member.Member/info');
    expect(info.is_ip).toBe(0);

    const refusedAdd = await call(token, 'POST', AccountApi.add, {
      nickname: '代理号',
      platform_id: 1,
      ip_code: '1.2.3.4',
    });
    expect(refusedAdd).toMatchObject({ status: 400, body: { code: 400, msg: '当前账号未开通代理IP' } });
    expect((await list(token)).count).toBe(0);

    const id = await addAccount(token, { nickname: '代理号', platform_id: 1, ip_code: '' });
    const refusedEdit = await call(token, 'POST', AccountApi.edit, { enterprise_account_id: id, ip_code: '1.2.3.4' });
    expect(refusedEdit.body).toMatchObject({ code: 400, msg: '当前账号未开通代理IP' });
    await okData(token, 'POST', AccountApi.edit, { enterprise_account_id: id, remarks: '无代理', ip_code: '' });

    const imported = await importFile(
      token,
      '账号.xlsx',
      await workbook([HEADERS, ['导入代理号', '', '抖音', '', '5.6.7.8'], ['导入普通号', '', '抖音', '', '']]),
    );
    expect(imported).toMatchObject({ addCount: 1, failCount: 1 });
    const failed = await ctx.app.inject({ method: 'GET', url: imported.errorFileURL, headers: auth(token) });
    expect((await readXlsx(failed.rawPayload))[1]).toEqual([
      '导入代理号',
      '',
      '抖音',
      '',
      '5.6.7.8',
      '当前账号未开通代理IP',
    ]);

    // The operator turns proxies on: the same call now stores it.
    await ctx.app.services.members.setFeatures('acct_noproxy', { proxy: true });
    await okData(token, 'POST', AccountApi.edit, { enterprise_account_id: id, ip_code: '1.2.3.4' });
    expect((await list(token)).list.find((a) => a.enterprise_account_id === id)?.ip_code).toBe('1.2.3.4');
  });
});
