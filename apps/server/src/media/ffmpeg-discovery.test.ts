import { describe, expect, it } from 'vitest';
import { FFMPEG_INSTALL_HINT, ffmpegMajor, mediaToolsStatus, parseVersionBanner } from './ffmpeg-discovery.ts';

describe('ffmpeg discovery rules', () => {
  it('reads the version of system, release and snapshot banners', () => {
    expect(parseVersionBanner('ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026')).toBe('5.1.9-0+deb12u1');
    expect(parseVersionBanner('ffmpeg version n7.1 Copyright')).toBe('n7.1');
    expect(parseVersionBanner('something else')).toBe('');
    expect(ffmpegMajor('5.1.9-0+deb12u1')).toBe(5);
    expect(ffmpegMajor('n7.1')).toBe(7);
    expect(ffmpegMajor('4.1')).toBe(4);
    expect(ffmpegMajor('N-47683-g0e8eb07980-static')).toBeNull();
  });

  it('is clip-ready from ffmpeg 5, and says what to install otherwise', () => {
    expect(mediaToolsStatus('path', '7.0.2')).toEqual({ source: 'path', version: '7.0.2', clip_ready: true, hint: '' });
    expect(mediaToolsStatus('npm', '4.1')).toMatchObject({ clip_ready: false, hint: FFMPEG_INSTALL_HINT });
    expect(mediaToolsStatus('none', '')).toMatchObject({ clip_ready: false, hint: FFMPEG_INSTALL_HINT });
    expect(FFMPEG_INSTALL_HINT).toMatch(/apt-get install ffmpeg/);
    expect(FFMPEG_INSTALL_HINT).toMatch(/brew install ffmpeg/);
  });
});
