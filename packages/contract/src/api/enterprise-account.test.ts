import { describe, expect, it } from 'vitest';
import { accountListQuery, authCkAllStatusBody, authCkStatusBody } from './enterprise-account.ts';

describe('accountListQuery', () => {
  it('treats an empty group_id as every group and caps limit at 800', () => {
    expect(accountListQuery.parse({ group_id: '' }).group_id).toBeUndefined();
    expect(accountListQuery.parse({ group_id: '0' }).group_id).toBe(0);
    expect(accountListQuery.safeParse({ limit: '801' }).success).toBe(false);
    expect(accountListQuery.parse({ platform_id: '1,2' }).platform_id).toEqual([1, 2]);
  });
});

describe('authorization status bodies', () => {
  it('refuse loose values instead of coercing them', () => {
    expect(authCkStatusBody.safeParse({ enterprise_account_id: true }).success).toBe(false);
    expect(authCkStatusBody.safeParse({ enterprise_account_id: 1, cookie_auth_status: null }).success).toBe(false);
    expect(authCkStatusBody.safeParse({ enterprise_account_id: 1, cookie_auth_status: 3 }).success).toBe(false);
    expect(authCkAllStatusBody.safeParse({ enterprise_account_id: [true], cookie_auth_status: 1 }).success).toBe(false);
    expect(authCkAllStatusBody.safeParse({ enterprise_account_id: '1,2', cookie_auth_status: '' }).success).toBe(false);
  });
  it('read the forms the desktop sends', () => {
    expect(authCkStatusBody.parse({ enterprise_account_id: '5' })).toMatchObject({
      enterprise_account_id: 5,
      cookie_auth_status: 1,
    });
    expect(authCkAllStatusBody.parse({ enterprise_account_id: '1,2', cookie_auth_status: '2' })).toMatchObject({
      enterprise_account_id: [1, 2],
      cookie_auth_status: 2,
    });
  });
});
