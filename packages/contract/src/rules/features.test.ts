import { describe, expect, it } from 'vitest';
import { batchDownloadLimit, canSetProxy } from './features.ts';

describe('feature flags', () => {
  it('batch download allows batch_download_max materials only when is_batch_download is 1', () => {
    expect(batchDownloadLimit({ is_ip: 0, is_batch_download: 1, batch_download_max: 50 })).toBe(50);
    expect(batchDownloadLimit({ is_ip: 0, is_batch_download: 0, batch_download_max: 50 })).toBe(0);
    expect(batchDownloadLimit({ is_ip: 0, is_batch_download: 1, batch_download_max: -3 })).toBe(0);
  });

  it('a proxy can be set only with is_ip 1', () => {
    expect(canSetProxy({ is_ip: 1, is_batch_download: 0, batch_download_max: 0 })).toBe(true);
    expect(canSetProxy({ is_ip: 0, is_batch_download: 0, batch_download_max: 0 })).toBe(false);
    expect(canSetProxy({ is_ip: 2, is_batch_download: 0, batch_download_max: 0 })).toBe(false);
  });
});
