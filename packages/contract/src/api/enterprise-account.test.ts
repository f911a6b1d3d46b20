import { describe, expect, it } from 'vitest';
import { accountListQuery, idList } from './enterprise-account.ts';

describe('idList', () => {
  it('reads comma lists, repeated parameters, arrays and single numbers', () => {
    expect(idList.parse('1,2, 3')).toEqual([1, 2, 3]);
    expect(idList.parse(['1', '2,4'])).toEqual([1, 2, 4]);
    expect(idList.parse([5, 6])).toEqual([5, 6]);
    expect(idList.parse(7)).toEqual([7]);
    expect(idList.parse('')).toEqual([]);
  });
  it('refuses non-ids', () => {
    expect(idList.safeParse('1,x').success).toBe(false);
    expect(idList.safeParse('-1').success).toBe(false);
  });
});

describe('accountListQuery', () => {
  it('treats an empty group_id as every group and caps limit at 800', () => {
    expect(accountListQuery.parse({ group_id: '' }).group_id).toBeUndefined();
    expect(accountListQuery.parse({ group_id: '0' }).group_id).toBe(0);
    expect(accountListQuery.safeParse({ limit: '801' }).success).toBe(false);
    expect(accountListQuery.parse({ platform_id: '1,2' }).platform_id).toEqual([1, 2]);
  });
});
