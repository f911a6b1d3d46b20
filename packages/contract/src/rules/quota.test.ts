import { describe, expect, it } from 'vitest';
import { fitsInSpace, remainingAccounts, remainingSpace } from './quota.ts';

const info = (accounts: [number, number], space: [number, number]) => ({
  level: { account_num: accounts[0], space_storage: space[0] },
  level_user: { account_num: accounts[1], space_storage: space[1] },
});

describe('quota arithmetic', () => {
  it('remaining accounts = level.account_num − level_user.account_num', () => {
    expect(remainingAccounts(info([50, 12], [0, 0]))).toBe(38);
  });
  it('remaining space = level.space_storage − level_user.space_storage', () => {
    expect(remainingSpace(info([0, 0], [1000, 250]))).toBe(750);
  });
  it('never goes below zero when usage exceeds a lowered level', () => {
    expect(remainingAccounts(info([5, 9], [0, 0]))).toBe(0);
    expect(remainingSpace(info([0, 0], [100, 300]))).toBe(0);
  });
  it('a file fits when it is no larger than the remaining space', () => {
    expect(fitsInSpace(info([0, 0], [1000, 250]), 750)).toBe(true);
    expect(fitsInSpace(info([0, 0], [1000, 250]), 751)).toBe(false);
  });
});
