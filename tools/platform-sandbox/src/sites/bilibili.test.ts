import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxControl, type SandboxControl } from '../client.ts';
import { startSandbox, type Sandbox } from '../server.ts';
import { bilibiliClient, fakeMp4 } from './bilibili/test-client.ts';

// One test per Bilibili item of research/connectors.md's imitation list (API flow steps 1–9), with
// plain HTTP calls as an uploader makes them: no connector code.
let sandbox: Sandbox;
let control: SandboxControl;

beforeAll(async () => {
  sandbox = await startSandbox({ uploadBytesPerSec: 4 * 1024 * 1024 });
  control = sandboxControl(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
});
afterEach(async () => {
  await control.reset();
});

let serial = 0;
async function signedIn() {
  serial += 1;
  const user = `bili-${serial}`;
  const client = bilibiliClient(sandbox.url);
  await client.login(user);
  return { user, client };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('bilibili web upload API (research/connectors.md §5)', () => {
  it('login sets SESSDATA and bili_jct, kept by the profile (persistent, scoped to the site)', async () => {
    const { client } = await signedIn();
    const sessdata = client.setCookies.find((c) => c.startsWith('SESSDATA='));
    const jct = client.setCookies.find((c) => c.startsWith('bili_jct='));
    expect(sessdata).toMatch(/Path=\/bilibili; Max-Age=\d+; HttpOnly/);
    expect(jct).toMatch(/Path=\/bilibili; Max-Age=\d+/);
    expect(jct).not.toMatch(/HttpOnly/); // the page's own script reads it for csrf
    expect(client.csrf()).toMatch(/^[0-9a-f]{32}$/);
  });

  it('nav answers code 0 with the cookie and -101 without (the session check)', async () => {
    const anonymous = bilibiliClient(sandbox.url);
    expect(await anonymous.json('/x/web-interface/nav')).toMatchObject({ code: -101, data: { isLogin: false } });
    const { user, client } = await signedIn();
    expect(await client.json('/x/web-interface/nav')).toMatchObject({ code: 0, data: { isLogin: true, uname: user } });
    await control.expireSession('bilibili', user);
    expect(await client.json('/x/web-interface/nav')).toMatchObject({ code: -101 });
  });

  it('the line probe lists the upos lines with their query', async () => {
    const probe = await bilibiliClient(sandbox.url).json<{ OK: number; lines: { query: string; probe_url: string }[] }>(
      '/preupload?r=probe',
    );
    expect(probe.OK).toBe(1);
    expect(probe.lines.map((l) => /upcdn=(\w+)/.exec(l.query)?.[1])).toEqual(
      expect.arrayContaining(['bda2', 'ws', 'qn', 'tx']) as unknown,
    );
  });

  it('preupload needs the cookie and answers OK=1 with endpoint, upos_uri, auth, biz_id and chunk_size', async () => {
    const q = '/preupload?r=upos&profile=ugcfx%2Fbup&name=a.mp4&size=1000';
    expect(await bilibiliClient(sandbox.url).json(q)).toMatchObject({ OK: 0, code: -101 });
    const { client } = await signedIn();
    const pre = await client.json(q);
    expect(pre).toMatchObject({
      OK: 1,
      biz_id: expect.any(Number) as unknown,
      chunk_size: expect.any(Number) as unknown,
    });
    expect(pre.endpoint).toMatch(/^\/\/[^/]+\/bilibili\/upos$/);
    expect(pre.upos_uri).toMatch(/^upos:\/\/ugcfx2lf\/n\w+\.mp4$/);
    expect(pre.auth).toMatch(/sign=/);
  });

  it('the chunked upload reassembles the exact bytes, and the post records that file', async () => {
    await control.setSwitches('bilibili', { bilibiliChunkSize: 1_024 });
    const { user, client } = await signedIn();
    const video = fakeMp4(3);
    const up = await client.upload(video, 'clip.mp4');
    expect(up.init).toMatchObject({ OK: 1, upload_id: expect.any(String) as unknown });
    expect(up.chunks).toBeGreaterThan(3);
    expect(up.done).toMatchObject({ OK: 1 });
    const added: unknown = await (
      await client.add({ title: '分片上传', videos: [{ title: '', desc: '', filename: up.filename }] })
    ).json();
    expect(added).toMatchObject({
      code: 0,
      data: { aid: expect.any(Number) as unknown, bvid: expect.stringMatching(/^BV1/) as unknown },
    });
    const work = (await control.works('bilibili')).find((w) => w.user === user);
    // The file as it went up, and its duration read from the mp4's own header (fakeMp4(3): 3 s).
    expect(work?.file).toEqual({ name: 'clip.mp4', size: video.length, sha256: sha256(video), durationSec: 3 });
  });

  it('upos checks X-Upos-Auth and refuses to complete with a chunk missing', async () => {
    const { client } = await signedIn();
    const video = fakeMp4(1);
    const pre = await client.json<{ endpoint: string; upos_uri: string; auth: string }>(
      `/preupload?r=upos&name=a.mp4&size=${video.length}`,
    );
    const target = `http:${pre.endpoint}/${pre.upos_uri.replace('upos://', '')}`;
    const forged = await client.call(`${target}?uploads&output=json`, {
      method: 'POST',
      headers: { 'x-upos-auth': 'x' },
    });
    expect(forged.status).toBe(403);
    const init = await client.json<{ upload_id: string }>(`${target}?uploads&output=json`, {
      method: 'POST',
      headers: { 'x-upos-auth': pre.auth },
    });
    const done = await client.json(`${target}?output=json&uploadId=${init.upload_id}`, {
      method: 'POST',
      headers: { 'x-upos-auth': pre.auth },
      body: JSON.stringify({ parts: [{ partNumber: 1, eTag: 'etag' }] }),
    });
    expect(done).toMatchObject({ OK: 0 });
  });

  it('add/v3 without SESSDATA answers -101 and with a wrong csrf -111; neither creates anything', async () => {
    const { user, client } = await signedIn();
    const up = await client.upload(fakeMp4(1));
    const body = { title: '无效请求', videos: [{ filename: up.filename }] };
    expect(await (await client.add(body, 'not-the-bili-jct')).json()).toMatchObject({ code: -111 });
    const stranger = bilibiliClient(sandbox.url);
    expect(await (await stranger.add(body, client.csrf())).json()).toMatchObject({ code: -101 });
    expect((await control.creates('bilibili', user)).accepted).toBe(0);
  });

  it('add/v3 checks the title (≤ 80), the uploaded file and dtime (more than 4 h ahead)', async () => {
    const { user, client } = await signedIn();
    const up = await client.upload(fakeMp4(1));
    const videos = [{ filename: up.filename }];
    expect(await (await client.add({ title: '长'.repeat(81), videos })).json()).toMatchObject({ code: -400 });
    expect(await (await client.add({ title: '无视频', videos: [{ filename: 'n0' }] })).json()).toMatchObject({
      code: -400,
    });
    const soon = Math.floor(Date.now() / 1000) + 3600;
    expect(await (await client.add({ title: '定时', videos, dtime: soon })).json()).toMatchObject({ code: 21063 });
    const later = Math.floor(Date.now() / 1000) + 5 * 3600;
    expect(await (await client.add({ title: '定时', videos, dtime: later })).json()).toMatchObject({ code: 0 });
    const work = (await control.works('bilibili')).find((w) => w.user === user);
    expect(work).toMatchObject({
      status: 'scheduled',
      scheduleAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) as unknown,
    });
  });

  it('cover/up takes a data URL with csrf and answers the cover URL', async () => {
    const { client } = await signedIn();
    const cover = `data:image/png;base64,${Buffer.from('png-bytes').toString('base64')}`;
    expect(await client.json('/x/vu/web/cover/up', client.form({ cover, csrf: 'bad' }))).toMatchObject({ code: -111 });
    const up = await client.json('/x/vu/web/cover/up', client.form({ cover, csrf: client.csrf() }));
    expect(up).toMatchObject({
      code: 0,
      data: { url: expect.stringMatching(/^http:\/\/i0\.hdslb\.com\/bfs\/archive\/\w+\.png$/) as unknown },
    });
  });

  it('archives: a new post shows late, in review (-30), then published (0) with its bvid, title and duration', async () => {
    await control.setSwitches('bilibili', { hiddenReads: 1, reviewReads: 1 });
    const { client } = await signedIn();
    const up = await client.upload(fakeMp4(7));
    const added: unknown = await (await client.add({ title: '审核流程', videos: [{ filename: up.filename }] })).json();
    const bvid = (added as { data: { bvid: string } }).data.bvid;
    type List = { code: number; data: { arc_audits: { Archive: Record<string, unknown> }[] } };
    const read = async () => (await client.json<List>('/x/web/archives?status=&pn=1')).data.arc_audits;
    expect(await read()).toEqual([]);
    expect((await read())[0]?.Archive).toMatchObject({ bvid, title: '审核流程', state: -30, duration: 7 });
    const published = (await read())[0]?.Archive;
    expect(published).toMatchObject({
      bvid,
      state: 0,
      ctime: expect.any(Number) as unknown,
      aid: expect.any(Number) as unknown,
    });
    const pubed = await client.json<List>('/x/web/archives?status=pubed&pn=1');
    expect(pubed.data.arc_audits.map((a) => a.Archive.bvid)).toEqual([bvid]);
    const rejected = await client.json<List>('/x/web/archives?status=not_pubed&pn=1');
    expect(rejected.data.arc_audits).toEqual([]);
  });

  it('archives: a rejected post ends in state -2 with its reason', async () => {
    await control.setSwitches('bilibili', { hiddenReads: 0, reviewReads: 0, rejectReview: true });
    const { client } = await signedIn();
    const up = await client.upload(fakeMp4(1));
    await client.add({ title: '被退回', videos: [{ filename: up.filename }] });
    const list = await client.json<{ data: { arc_audits: { Archive: Record<string, unknown> }[] } }>(
      '/x/web/archives?status=not_pubed&pn=1',
    );
    expect(list.data.arc_audits[0]?.Archive).toMatchObject({
      state: -2,
      reject_reason: expect.stringMatching(/\S/) as unknown,
    });
  });

  it('risk control: add asks for a check (-352, v_voucher); once answered, the retried add goes through once', async () => {
    await control.setSwitches('bilibili', { verify: 'captcha' });
    const { user, client } = await signedIn();
    const up = await client.upload(fakeMp4(1));
    const body = { title: '风控验证', videos: [{ filename: up.filename }] };
    const asked = (await (await client.add(body)).json()) as { code: number; data: { v_voucher: string } };
    expect(asked).toMatchObject({ code: -352, data: { v_voucher: expect.stringMatching(/^voucher_/) as unknown } });
    const reg = await client.json<{ code: number; data: { token: string; image: string } }>(
      '/x/gaia-vgate/v1/register',
      client.form({ csrf: client.csrf(), v_voucher: asked.data.v_voucher }),
    );
    expect(reg.data.image).toMatch(/^data:image\//);
    const wrong = await client.json(
      '/x/gaia-vgate/v1/validate',
      client.form({ csrf: client.csrf(), token: reg.data.token, code: 'nope' }),
    );
    expect(wrong).toMatchObject({ code: -105 });
    const { code } = await control.code('bilibili', user);
    const valid = await client.json<{ code: number; data: { grisk_id: string } }>(
      '/x/gaia-vgate/v1/validate',
      client.form({ csrf: client.csrf(), token: reg.data.token, code }),
    );
    expect(valid).toMatchObject({ code: 0, data: { is_valid: 1 } });
    const added: unknown = await (await client.add(body, undefined, `&gaia_vtoken=${valid.data.grisk_id}`)).json();
    expect(added).toMatchObject({ code: 0 });
    expect(await control.creates('bilibili', user)).toEqual({ accepted: 1, requests: 2 });
  });

  it('failure switches: 412 -412 when rate limited, 500 on a server error, -101 when the session ends at upload', async () => {
    const { user, client } = await signedIn();
    const up = await client.upload(fakeMp4(1));
    const body = { title: '失败', videos: [{ filename: up.filename }] };
    await control.setSwitches('bilibili', { rateLimited: true });
    const limited = await client.add(body);
    expect(limited.status).toBe(412);
    expect(await limited.json()).toMatchObject({ code: -412, message: expect.stringContaining('频繁') as unknown });
    await control.setSwitches('bilibili', { rateLimited: false, submitError500: true });
    expect((await client.add(body)).status).toBe(500);
    expect((await control.creates('bilibili', user)).accepted).toBe(0);
    await control.setSwitches('bilibili', { submitError500: false, expireSessionOn: 'upload' });
    expect(await client.json('/preupload?r=upos&name=a.mp4&size=10')).toMatchObject({ OK: 0, code: -101 });
    expect(await client.json('/x/web-interface/nav')).toMatchObject({ code: -101 });
  });

  it('a failed chunk answers 500 and the same chunk sent again goes through', async () => {
    await control.setSwitches('bilibili', { uploadFailures: 1 });
    const { client } = await signedIn();
    await expect(client.upload(fakeMp4(1))).rejects.toThrow(/500/);
    const again = await client.upload(fakeMp4(1));
    expect(again.done).toMatchObject({ OK: 1 });
  });

  it('createStall: the post is created but the answer never comes', async () => {
    await control.setSwitches('bilibili', { createStall: true });
    const { user, client } = await signedIn();
    const up = await client.upload(fakeMp4(1));
    const abort = new AbortController();
    const pending = client
      .call(`/x/vu/web/add/v3?csrf=${client.csrf()}`, {
        method: 'POST',
        body: JSON.stringify({ title: '无回应', tid: 21, copyright: 1, videos: [{ filename: up.filename }] }),
        signal: abort.signal,
      })
      .then(
        () => 'answered',
        () => 'aborted',
      );
    let accepted = 0;
    while (accepted === 0) {
      accepted = (await control.creates('bilibili', user)).accepted;
    }
    abort.abort();
    expect(await pending).toBe('aborted');
  });

  it('the browser pages: the upload page redirects a logged-out visitor to the QR login', async () => {
    const res = await bilibiliClient(sandbox.url).call('/platform/upload/video/frame');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/bilibili/passport/login');
  });
});
