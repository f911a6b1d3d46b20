import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { ClipTaskApi } from '@vidmatrix/contract/api/clip-task';
import { AccountApi } from '@vidmatrix/contract/api/enterprise-account';
import { MaterialApi, type UploadedFile } from '@vidmatrix/contract/api/material';
import { TOKEN_HEADER } from '@vidmatrix/contract/constants';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { fixtureDir, makeImage, makeVideo } from '@vidmatrix/fixtures';
import { expect } from './fixtures.ts';
import { postSigned } from './webhook.ts';

/** One call of the member API; its data (the test fails on any other code). */
async function call<T>(request: APIRequestContext, token: string, url: string, data: object): Promise<T> {
  const response = await request.post(url, { headers: { [TOKEN_HEADER]: token }, data });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.msg}`).toBe(200);
  return body.data;
}

/** Stores one file as the member's material (the multipart add); its id. */
async function upload(request: APIRequestContext, token: string, file: string, mimeType: string): Promise<number> {
  const name = file.split('/').pop() ?? 'file';
  const response = await request.post(MaterialApi.add, {
    headers: { [TOKEN_HEADER]: token },
    multipart: { type: 'upl', file: { name, mimeType, buffer: readFileSync(file) } },
  });
  const body = (await response.json()) as Envelope<UploadedFile>;
  expect(body.code, body.msg).toBe(200);
  return body.data.file_id;
}

/**
 * Gives a fresh member one row on each list page, through the API as a member's clicks would: an account,
 * an image and a video, a lead (a customer message with a phone number), a publish batch (waiting for a
 * runner: the shared server has none) and a one-video clip task. For looking at filled pages.
 */
export async function seedMemberRows(request: APIRequestContext, token: string): Promise<void> {
  const dir = fixtureDir('member-rows-');
  const account = await call<{ enterprise_account_id: number }>(request, token, AccountApi.add, {
    nickname: '门店抖音号',
    platform_id: 1,
  });
  // As the desktop client reports after a login in the account's browser profile.
  await call(request, token, AccountApi.authCkStatus, {
    enterprise_account_id: account.enterprise_account_id,
    cookie_auth_status: 1,
  });
  await upload(request, token, makeImage(join(dir, '门店封面.png'), { width: 320, height: 200 }), 'image/png');
  const video = await upload(request, token, makeVideo(join(dir, '新品试吃.mp4'), { seconds: 2 }), 'video/mp4');
  await postSigned(request, token, {
    enterprise_account_id: account.enterprise_account_id,
    customer_id: `dy-${Date.now().toString(36)}`,
    customer_name: '王女士',
    content: '想了解加盟，电话 13912345678',
  });
  await call(request, token, '/api/seoaivideo.BatchPublish/add', {
    material_ids: [video],
    enterprise_account_ids: [account.enterprise_account_id],
    title: '新品试吃',
  });
  await call(request, token, ClipTaskApi.add, {
    clip_model: 8,
    name: '新品混剪',
    count: 1,
    seed: 1,
    // The renderer's font family (shown to members as 文泉驿微米黑; the e2e machine has fonts-wqy-microhei).
    font: 'WenQuanYi Micro Hei',
    groups: [{ name: '开头', materialIds: [video], lines: ['新品上市'] }],
  });
}
