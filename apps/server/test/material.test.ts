import type { Material, MaterialList, UploadedFile } from '@vidmatrix/contract/api/material';
import type { StorageInfo } from '@vidmatrix/contract/api/file-setting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, auth, createTestApp, login, type TestContext } from './helpers.ts';
import { mediaFixtures, type MediaFixtures } from '@vidmatrix/fixtures';
import { call, tusCreate, tusHead, tusPatch, tusUpload } from './upload-client.ts';

let ctx: TestContext;
let token: string;
let otherToken: string;
let media: MediaFixtures;

beforeAll(async () => {
  ctx = await createTestApp();
  media = mediaFixtures();
  token = (await login(ctx.app)).ApiToken;
  await addMember(ctx, 'other_member');
  otherToken = (await login(ctx.app, 'other_member', 'secret-123')).ApiToken;
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

async function storageInfo(t = token): Promise<StorageInfo> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/file.Setting/info', headers: auth(t) });
  return res.json<{ data: StorageInfo }>().data;
}

async function list(query = '', t = token) {
  return (await call<MaterialList>(ctx.app, t, `/api/file.File/list${query}`)).data;
}

describe('material library', () => {
  let imageId = 0;
  let videoId = 0;

  it('uploads through tus, registers with add, and the media job fills thumbnail and duration', async () => {
    const before = await storageInfo();
    const imageKey = await tusUpload(ctx.app, token, '封面.PNG', media.png);
    const videoKey = await tusUpload(ctx.app, token, 'clip.mp4', media.mp4);
    expect(imageKey).toMatch(/^media\/[a-z0-9]{26}\.png$/);

    const afterUpload = await storageInfo();
    expect(afterUpload.space_used - before.space_used).toBe(media.png.length + media.mp4.length);

    const added = await call<UploadedFile[]>(ctx.app, token, '/api/file.File/add', {
      type: 'url',
      file_url: `/storage/${imageKey},/storage/${videoKey}`,
      file_name: '封面.PNG,clip.mp4',
      file_type: 'image',
    });
    expect(added.code).toBe(200);
    expect(added.msg).toBe('添加成功');
    [imageId, videoId] = added.data.map((f) => f.file_id) as [number, number];

    await ctx.app.jobs.drain();
    const page = await list();
    expect(page.count).toBe(2);
    const video = page.list.find((m) => m.file_id === videoId) as Material;
    const image = page.list.find((m) => m.file_id === imageId) as Material;
    expect(video.file_type).toBe('video');
    expect(video.process_status).toBe('done');
    expect(video.duration).toBeGreaterThan(1.5);
    expect(video.duration).toBeLessThan(2.5);
    expect(video.thumb_url).toMatch(/^\/storage\/thumbs\/[a-z0-9]{26}\.jpg$/);
    expect(image.file_type).toBe('image');
    expect(image.thumb_url).not.toBe('');
    expect(image.expiration_time).toMatch(/^\d{4}-\d{2}-\d{2} /);

    const thumb = await ctx.app.inject({ method: 'GET', url: image.thumb_url });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const { default: sharp } = await import('sharp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(342);
  });

  it('serves stored videos with range requests, the right type and nosniff', async () => {
    const video = (await list()).list.find((m) => m.file_id === videoId) as Material;
    const res = await ctx.app.inject({ method: 'GET', url: video.file_url, headers: { range: 'bytes=0-99' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.length).toBe(100);
  });

  it('resumes an interrupted upload at the server offset', async () => {
    const created = await tusCreate(ctx.app, token, 'song.mp3', media.mp3.length);
    await tusPatch(ctx.app, token, created.location, 0, media.mp3.subarray(0, 1000));
    expect((await tusHead(ctx.app, token, created.location)).offset).toBe(1000);
    const done = await tusPatch(ctx.app, token, created.location, 1000, media.mp3.subarray(1000));
    expect(done.status).toBe(204);
    expect(done.offset).toBe(media.mp3.length);
  });

  it('refuses a renamed .exe by its magic bytes and deletes it', async () => {
    const created = await tusCreate(ctx.app, token, 'photo.png', media.exe.length);
    expect(created.status).toBe(201);
    const res = await tusPatch(ctx.app, token, created.location, 0, media.exe);
    expect(res.status).toBe(415);
    expect(res.body).toBe('不支持该格式');
    const key = `media/${created.location.split('/').pop() ?? ''}`;
    const add = await call(ctx.app, token, '/api/file.File/add', {
      type: 'url',
      file_url: key,
      file_name: 'photo.png',
    });
    expect(add.msg).toBe('请上传文件');
  });

  it('refuses a wrong extension and a too large file before accepting any bytes', async () => {
    expect(await tusCreate(ctx.app, token, 'setup.exe', 100)).toMatchObject({ status: 400, body: '不支持该格式' });
    expect(await tusCreate(ctx.app, token, 'big.mp4', 300 * 1024 * 1024)).toMatchObject({
      status: 413,
      body: '文件大小不超过300MB!',
    });
    expect(await tusCreate(ctx.app, token, 'bigger.mp4', 900 * 1024 * 1024)).toMatchObject({
      status: 413,
      body: '文件大小不超过300MB!',
    });
  });

  it('refuses an upload larger than the free space', async () => {
    const info = await storageInfo();
    const res = await tusCreate(ctx.app, token, 'huge.mp4', info.space_free + 1);
    // Over 300 MB too when the level is large; the space rule applies once the size is allowed.
    expect([400, 413]).toContain(res.status);
    await ctx.db
      .updateTable('level_user')
      .set({ space_storage: info.space_total - 10 })
      .where('member_id', '=', 1)
      .execute();
    const full = await tusCreate(ctx.app, token, 'a.png', 100);
    expect(full).toMatchObject({ status: 413, body: '您的账号云空间容量已超过限制!' });
    await ctx.db.updateTable('level_user').set({ space_storage: info.space_used }).where('member_id', '=', 1).execute();
  });

  it('refuses more files per add than max_file_num', async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `media/${'a'.repeat(26)}${i}.png`).join(',');
    const res = await call(ctx.app, token, '/api/file.File/add', { type: 'url', file_url: urls, file_name: urls });
    expect(res.msg).toBe('最多上传9个文件');
  });

  it('groups, tags and filters', async () => {
    const group = await call<{ group_id: number }>(ctx.app, token, '/api/file.Group/add', {
      group_name: '产品',
      group_desc: '',
    });
    expect(group.msg).toBe('添加成功');
    expect((await call(ctx.app, token, '/api/file.Group/add', { group_name: ' ' })).msg).toBe('请输入分组名称');
    expect((await call(ctx.app, token, '/api/file.Tag/add', {})).msg).toBe('请输入标签名称');
    const tagA = await call<{ tag_id: number }>(ctx.app, token, '/api/file.Tag/add', { tag_name: '爆款' });
    const tagB = await call<{ tag_id: number }>(ctx.app, token, '/api/file.Tag/add', { tag_name: '新品' });

    await call(ctx.app, token, '/api/file.File/editgroup', { ids: String(videoId), group_id: group.data.group_id });
    await call(ctx.app, token, '/api/file.File/edittag', {
      ids: `${videoId},${imageId}`,
      tag_ids: `${tagA.data.tag_id},${tagB.data.tag_id}`,
    });
    await call(ctx.app, token, '/api/file.File/edit', {
      file_id: imageId,
      file_name: '主图',
      tag_ids: String(tagB.data.tag_id),
    });

    const byGroup = await list(`?group_id=${group.data.group_id}`);
    expect(byGroup.list.map((m) => m.file_id)).toEqual([videoId]);
    expect(byGroup.list[0]?.group_name).toBe('产品');
    expect(byGroup.list[0]?.tag_names).toBe('爆款,新品');
    expect((await list(`?tag_ids=${tagA.data.tag_id}`)).list.map((m) => m.file_id)).toEqual([videoId]);
    expect((await list(`?tag_ids=${tagA.data.tag_id},${tagB.data.tag_id}`)).count).toBe(2);
    expect((await list('?search_field=file_name&search_exp=like&search_value=主')).list.map((m) => m.file_id)).toEqual([
      imageId,
    ]);
    expect((await list('?file_type=image,video')).count).toBe(2);
    expect((await list('?file_type=video')).count).toBe(1);
    // The crop uploader's picker lists images only.
    expect((await list('?file_type=image')).list.map((m) => m.file_id)).toEqual([imageId]);
    expect((await list('?source_type=2')).count).toBe(0);

    const groups = await call<{ group_name: string }[]>(ctx.app, token, '/api/file.Group/list?limit=1000');
    expect(groups.data.map((g) => g.group_name)).toEqual(['产品']);
    await call(ctx.app, token, '/api/file.Group/edit', { group_id: group.data.group_id, group_name: '产品图' });
    expect((await list(`?group_id=${group.data.group_id}`)).list[0]?.group_name).toBe('产品图');
    await call(ctx.app, token, '/api/file.Tag/dele', { tag_id: tagA.data.tag_id });
    expect((await list(`?group_id=${group.data.group_id}`)).list[0]?.tag_names).toBe('新品');
  });

  it('shows another member none of it', async () => {
    expect((await list('', otherToken)).count).toBe(0);
    expect((await call(ctx.app, otherToken, `/api/file.File/info?file_id=${imageId}`)).code).toBe(404);
    expect((await call(ctx.app, otherToken, '/api/file.Group/list?limit=1000')).data).toEqual([]);
    await call(ctx.app, otherToken, '/api/file.File/dele', { ids: String(imageId) });
    expect((await call(ctx.app, token, `/api/file.File/info?file_id=${imageId}`)).code).toBe(200);
  });

  it('another member cannot continue or register my upload', async () => {
    const created = await tusCreate(ctx.app, token, 'mine.png', media.png.length);
    expect((await tusHead(ctx.app, otherToken, created.location)).status).toBe(404);
    expect((await tusPatch(ctx.app, otherToken, created.location, 0, media.png)).status).toBe(404);
    await tusPatch(ctx.app, token, created.location, 0, media.png);
    const key = `media/${created.location.split('/').pop() ?? ''}`;
    const theirs = await call(ctx.app, otherToken, '/api/file.File/add', {
      type: 'url',
      file_url: key,
      file_name: 'x.png',
    });
    expect(theirs.msg).toBe('请上传文件');
    expect((await call(ctx.app, otherToken, '/api/file.File/deleAliyunFile', { file_paths: key })).code).toBe(400);
    // A cancelled add: the owner deletes the object and gets the space back.
    const before = (await storageInfo()).space_used;
    expect((await call(ctx.app, token, '/api/file.File/deleAliyunFile', { file_paths: key })).code).toBe(200);
    expect((await storageInfo()).space_used).toBe(before - media.png.length);
  });

  it('deleAliyunFile refuses any path outside the caller’s media uploads', async () => {
    for (const path of ['../vidmatrix.db', 'thumbs/x.jpg', 'music/system/morning-c-major.mp3', '/etc/passwd']) {
      expect((await call(ctx.app, token, '/api/file.File/deleAliyunFile', { file_paths: path })).code).toBe(400);
    }
  });

  it('counts a use when a clip task step takes the material, and deletes with a space refund', async () => {
    const useCount = async (t: string) =>
      (await call<Material>(ctx.app, t, `/api/file.File/info?file_id=${videoId}`)).data.use_count;
    const url = (await call<Material>(ctx.app, token, `/api/file.File/info?file_id=${videoId}`)).data.file_url;
    const setMedia = (t: string, aptId: number, mediaUrl: string) =>
      call(ctx.app, t, '/api/seoaivideo.BatchVideo/setOssMediaUrl', {
        ap_id: 7,
        apt_id: aptId,
        media_url: mediaUrl,
        clip_model: 2,
      });
    expect((await setMedia(token, 1, url)).code).toBe(200);
    expect(await useCount(token)).toBe(1);
    await setMedia(token, 1, url); // the same step again: still one use
    expect(await useCount(token)).toBe(1);
    await setMedia(token, 2, url); // another step
    expect(await useCount(token)).toBe(2);
    await setMedia(token, 3, 'https://cdn.example.com/media/elsewhere.mp4'); // not a material
    await setMedia(otherToken, 1, url); // another member's task never counts on my material
    expect(await useCount(token)).toBe(2);
    const info = await call<Material>(ctx.app, token, `/api/file.File/info?file_id=${videoId}`);

    const before = (await storageInfo()).space_used;
    const res = await call(ctx.app, token, '/api/file.File/dele', { ids: `${videoId}` });
    expect(res.msg).toBe('删除成功！');
    expect((await storageInfo()).space_used).toBe(before - media.mp4.length);
    expect((await ctx.app.inject({ method: 'GET', url: info.data.file_url })).statusCode).toBe(404);
  });

  it('stores a multipart upload (type upl)', async () => {
    const boundary = '----vm';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nupl\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file_type"\r\n\r\nimage\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      media.png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/file.File/add',
      headers: { ...auth(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    const json = res.json<{ code: number; data: UploadedFile }>();
    expect(json.code).toBe(200);
    expect(json.data.file_id).toBeGreaterThan(0);
    expect(json.data.file_url).toMatch(/^\/storage\/media\/[a-z0-9]{26}\.png$/);
  });
  it('expires materials after the level retention and frees their space', async () => {
    const before = (await storageInfo()).space_used;
    ctx.clock.advance(400 * 24 * 60 * 60_000);
    const removed = await ctx.app.services.materials.expire();
    expect(removed).toBe(2);
    expect(before).toBeGreaterThan(media.mp3.length);
    token = (await login(ctx.app)).ApiToken; // the session expired with the clock
    expect((await list()).count).toBe(0);
    // Only the finished, never registered mp3 of the resume test is still charged.
    expect((await storageInfo()).space_used).toBe(media.mp3.length);
  });
});
