import { describe, expect, it } from 'vitest';
import { fillMsg, Msg } from '../messages.ts';
import { harvestThreadsBody } from './harvest.ts';

describe('harvest thread lists', () => {
  it('refuses more than 200 threads with the limit and the field named, never a bare 参数错误', () => {
    const root_ids = Array.from({ length: 201 }, (_, i) => `c${i}`);
    const parsed = harvestThreadsBody.safeParse({ account_id: 1, root_ids });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      fillMsg(Msg.harvestTooManyThreads, { n: 200 }),
    ]);
    expect(harvestThreadsBody.safeParse({ account_id: 1, root_ids: root_ids.slice(0, 200) }).success).toBe(true);
  });
});
