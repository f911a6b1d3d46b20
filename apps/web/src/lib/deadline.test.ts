import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeadlineError, withDeadline } from './deadline.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withDeadline', () => {
  it('rejects a load that never settles once the deadline passes, in Chinese', async () => {
    vi.useFakeTimers();
    const stalled = withDeadline(new Promise<never>(() => undefined), 1_000);
    const outcome = expect(stalled).rejects.toThrow(DeadlineError);
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
    await expect(stalled).rejects.toThrow('请求超时，请稍后重试');
  });
  it('passes a value or an error through before the deadline', async () => {
    await expect(withDeadline(Promise.resolve(7), 1_000)).resolves.toBe(7);
    await expect(withDeadline(Promise.reject(new Error('断开')), 1_000)).rejects.toThrow('断开');
  });
});
