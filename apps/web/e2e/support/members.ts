import type { APIRequestContext, Page } from '@playwright/test';
import type { LoginResult } from '@vidmatrix/contract/api/auth';
import type { Envelope } from '@vidmatrix/contract/envelope';
import { expect, useToken } from './fixtures.ts';
import { runAdmin } from './admin.ts';
import { queryServerDb } from './server-db.ts';

/** A fresh member made with the operator CLI (level 1: 1 GB), signed in on `page`; its account name. */
export async function signInNewMember(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const account = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.slice(0, 32);
  const password = 'member123456';
  runAdmin(['create-member', account, password, '--level', '1']);
  const response = await request.post('/api/member.Login/login', { data: { account, password } });
  const body = (await response.json()) as Envelope<LoginResult>;
  expect(body.code, body.msg).toBe(200);
  await useToken(page, body.data.ApiToken, account);
  return account;
}

/**
 * Leaves the member `free` bytes of cloud space by writing its used space (level_user.space_storage)
 * as if earlier uploads had filled it: no CLI command fills an account, and uploading a gigabyte
 * would only slow the run down.
 */
export async function leaveFreeSpace(account: string, free: number): Promise<void> {
  const sql = (p: (n: number) => string) =>
    `update level_user set space_storage = (select l.space_storage from level l where l.id = level_user.level_id) - ${p(1)}
     where member_id = (select id from member where account = ${p(2)})`;
  await queryServerDb(sql, [free, account]);
}
