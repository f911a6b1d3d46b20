import { Msg } from '@vidmatrix/contract/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './clipboard.ts';
import { notifyError, notifySuccess } from './notify.ts';

vi.mock('./notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

describe('copyText', () => {
  beforeEach(() => {
    vi.mocked(notifyError).mockClear();
    vi.mocked(notifySuccess).mockClear();
  });

  it('writes the text and shows 复制成功', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    expect(await copyText('secret', { writeText })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('secret');
    expect(notifySuccess).toHaveBeenCalledWith(Msg.copied);
  });

  it('shows 复制失败 when the browser refuses or has no clipboard', async () => {
    expect(await copyText('x', { writeText: () => Promise.reject(new Error('NotAllowedError')) })).toBe(false);
    expect(await copyText('x', undefined)).toBe(false);
    expect(notifyError).toHaveBeenCalledTimes(2);
    expect(notifyError).toHaveBeenCalledWith(Msg.copyFailed);
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
