import { describe, expect, it } from 'vitest';
import type { UpdateEvent } from '@vidmatrix/contract/desktop-api';
import {
  formatProgressMb,
  initialUpdateState,
  progressPercent,
  reduceUpdate,
  updateDialogOf,
  type UpdateState,
} from './update-store.ts';

const fold = (events: UpdateEvent[], from: UpdateState = initialUpdateState) => events.reduce(reduceUpdate, from);
const available: UpdateEvent = {
  type: 'available',
  versionName: '1.2.0',
  versionInfo: '修复若干问题',
  versionCode: 120,
  sizeMb: 80,
};

describe('reduceUpdate', () => {
  it('walks available → progress → downloaded with the update dialog open throughout', () => {
    const offered = fold([{ type: 'checking' }, available]);
    expect(offered.phase).toBe('available');
    expect(offered.offer).toEqual({ versionName: '1.2.0', versionInfo: '修复若干问题', sizeMb: 80 });
    expect(updateDialogOf(offered)).toBe('update');

    const half = fold([{ type: 'progress', transferredMb: 40, totalMb: 80 }], offered);
    expect(half).toMatchObject({ phase: 'downloading', transferredMb: 40, totalMb: 80 });
    expect(updateDialogOf(half)).toBe('update');

    const done = fold([{ type: 'downloaded' }], half);
    expect(done).toMatchObject({ phase: 'downloaded', transferredMb: 80 });
    expect(updateDialogOf(done)).toBe('update');
  });

  it('shows 当前已是最新版本 only for a check the member asked for', () => {
    const automatic = fold([{ type: 'checking' }, { type: 'none', message: 'latest' }]);
    expect(updateDialogOf(automatic)).toBeNull();
    const manual = fold([{ type: 'none', message: 'latest' }], {
      ...initialUpdateState,
      phase: 'checking',
      manual: true,
    });
    expect(updateDialogOf(manual)).toBe('latest');
  });

  it('keeps the update dialog on a download error, and none on an update-error', () => {
    const failed = fold([available, { type: 'error', kind: 'download', message: '下载失败' }]);
    expect(failed).toMatchObject({ phase: 'error', errorKind: 'download', message: '下载失败' });
    expect(updateDialogOf(failed)).toBe('update');
    const checkFailed = fold([{ type: 'checking' }, { type: 'error', kind: 'update-error', message: 'offline' }]);
    expect(updateDialogOf(checkFailed)).toBeNull();
  });

  it('closes on dismiss and reopens for the next offer', () => {
    const closed = { ...fold([available]), dismissed: true };
    expect(updateDialogOf(closed)).toBeNull();
    expect(updateDialogOf(fold([available], closed))).toBe('update');
  });
});

describe('progress figures', () => {
  it('gives whole percent, bounded, and MB with one decimal', () => {
    expect(progressPercent(40, 80)).toBe(50);
    expect(progressPercent(81, 80)).toBe(100);
    expect(progressPercent(5, 0)).toBe(0);
    expect(formatProgressMb(12.34, 80)).toBe('12.3 MB / 80.0 MB');
  });
});
