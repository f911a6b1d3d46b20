import { describe, expect, it } from 'vitest';
import { fingerprintKeys, fitsQuota, uploaderIdOf } from './pending-uploads.ts';

describe('uploaderIdOf', () => {
  it('never makes one member’s id the prefix of another’s', () => {
    const members = ['ab', 'ab-c', 'ab]x', 'ab%5D', '张三', ''];
    for (const a of members) {
      for (const b of members) {
        if (a !== b) {
          expect(uploaderIdOf(b).startsWith(uploaderIdOf(a)), `${a} / ${b}`).toBe(false);
        }
      }
    }
  });
});

describe('fitsQuota', () => {
  it('lets the write try when the browser gives no estimate', () => {
    expect(fitsQuota(undefined, 300 * 1024 * 1024)).toBe(true);
    expect(fitsQuota({}, 1)).toBe(true);
  });

  it('refuses a file larger than the room left', () => {
    expect(fitsQuota({ quota: 1000, usage: 400 }, 600)).toBe(true);
    expect(fitsQuota({ quota: 1000, usage: 400 }, 601)).toBe(false);
    expect(fitsQuota({ quota: 1000 }, 1001)).toBe(false);
  });
});

describe('fingerprintKeys', () => {
  it('picks the tus fingerprints of one member’s uploader only', () => {
    const mine = uploaderIdOf('ab');
    const theirs = uploaderIdOf('ab-c');
    const keys = [
      `tus::tus-${mine}-a.wav-audio/wav-10-1-http://h/api/file.Upload/tus::0.1`,
      `tus::tus-${theirs}-a.wav-audio/wav-10-1-http://h/api/file.Upload/tus::0.2`,
      'memberToken',
    ];
    expect(fingerprintKeys(keys, mine)).toEqual([keys[0]]);
  });
});
