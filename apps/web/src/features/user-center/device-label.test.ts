import { describe, expect, it } from 'vitest';
import { deviceLabel } from './device-label.ts';

describe('deviceLabel', () => {
  it('names browser and system', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
    expect(deviceLabel(chrome, 'web')).toBe('Chrome · Windows');
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1';
    expect(deviceLabel(iphone, 'web')).toBe('Safari · iOS');
    expect(deviceLabel('Mozilla/5.0 (Macintosh) Chrome/130 Electron/33.0 Safari/537.36', 'pc')).toBe(
      '桌面客户端 · macOS',
    );
  });

  it('says so when nothing is known', () => {
    expect(deviceLabel('', 'web')).toBe('未知设备');
    expect(deviceLabel('', 'pc')).toBe('桌面客户端');
  });
});
