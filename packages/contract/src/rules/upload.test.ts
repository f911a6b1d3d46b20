import { describe, expect, it } from 'vitest';
import {
  cloudSelection,
  checkCloudCount,
  checkCloudUpload,
  checkGeneralUpload,
  checkMusicUpload,
  contentMatchesExtension,
  extensionOf,
  MB,
  parseMaxFileNum,
  pickSelection,
} from './upload.ts';

describe('extensionOf', () => {
  it.each([
    ['a.PNG', 'png'],
    ['dir/clip.final.MoV', 'mov'],
    ['noext', ''],
    ['.hidden', ''],
  ])('%s → %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('checkCloudUpload (SPEC §5.1)', () => {
  it.each([
    ['photo.png', 1, undefined, null],
    ['PHOTO.JPEG', 1, undefined, null],
    ['clip.MP4', 10 * MB, undefined, null],
    ['song.m4a', 1, undefined, null],
    ['voice.WAV', 1, undefined, null],
    ['anim.gif', 1, undefined, '不支持该格式'],
    ['setup.exe', 1, undefined, '不支持该格式'],
    ['noext', 1, undefined, '不支持该格式'],
    ['big.mp4', 300 * MB, undefined, '文件大小不超过300MB!'],
    ['almost.mp4', 300 * MB - 1, undefined, null],
    ['fits.mp4', 100, 100, null],
    ['full.mp4', 101, 100, '您的账号云空间容量已超过限制!'],
  ] as const)('%s size %d free %s → %s', (name, size, freeSpace, verdict) => {
    expect(checkCloudUpload({ name, size }, { freeSpace })).toBe(verdict);
  });
  it('uses the given max size in the message', () => {
    expect(checkCloudUpload({ name: 'a.mp4', size: 6 * MB }, { maxSizeMb: 5 })).toBe('文件大小不超过5MB!');
  });
  it('checks the format before the size', () => {
    expect(checkCloudUpload({ name: 'a.exe', size: 900 * MB })).toBe('不支持该格式');
  });
});

describe('checkCloudCount', () => {
  it.each([
    [0, 9, 9, null],
    [8, 2, 9, '最多上传9个文件'],
    [1, 1, 1, '最多上传1个文件'],
  ] as const)('%d + %d within %d → %s', (current, adding, limit, verdict) => {
    expect(checkCloudCount(current, adding, limit)).toBe(verdict);
  });
});

describe('checkGeneralUpload (SPEC §5.2)', () => {
  it.each([
    ['a.jpg', 1, 0, {}, null],
    ['a.JPG', 1, 0, {}, null],
    ['a.gif', 1, 0, { crop: true }, '不支持gif格式的图片'],
    ['a.gif', 1, 0, {}, '不支持该格式'],
    ['a.pdf', 1, 0, {}, '不支持该格式'],
    ['a.pdf', 1, 0, { extensions: ['pdf'] }, null],
    ['a.png', 100 * MB, 0, {}, '图片/文件大小不超过100MB!'],
    ['a.png', 1, 9, {}, '最多上传9个图片/文件'],
    ['a.png', 1, 2, { maxCount: 2 }, '最多上传2个图片/文件'],
  ] as const)('%s size %d kept %d %o → %s', (name, size, current, rules, verdict) => {
    expect(checkGeneralUpload({ name, size }, current, rules)).toBe(verdict);
  });
});

describe('checkMusicUpload', () => {
  it('requires a file and accepts mp3/m4a only', () => {
    expect(checkMusicUpload(undefined)).toBe('请上传文件');
    expect(checkMusicUpload({ name: 'a.MP3', size: 1 })).toBeNull();
    expect(checkMusicUpload({ name: 'a.m4a', size: 1 })).toBeNull();
    expect(checkMusicUpload({ name: 'a.wav', size: 1 })).toBe('不支持该格式');
  });
});

describe('contentMatchesExtension (magic bytes)', () => {
  it.each([
    ['a.png', 'png', true],
    ['a.jpg', 'jpg', true],
    ['a.JPEG', 'jpg', true],
    ['a.mp4', 'mov', true],
    ['a.mov', 'mp4', true],
    ['a.m4a', 'm4a', true],
    ['a.mp3', 'mp3', true],
    ['a.wav', 'wav', true],
    ['renamed.png', 'exe', false],
    ['renamed.mp4', undefined, false],
    ['a.png', 'jpg', false],
  ] as const)('%s sniffed as %s → %s', (name, detected, verdict) => {
    expect(contentMatchesExtension(name, detected)).toBe(verdict);
  });
});

describe('parseMaxFileNum', () => {
  it('reads a positive integer, else the default 9', () => {
    expect(parseMaxFileNum('5')).toBe(5);
    expect(parseMaxFileNum('')).toBe(9);
    expect(parseMaxFileNum('x')).toBe(9);
    expect(parseMaxFileNum(undefined)).toBe(9);
  });
});

describe('pickSelection (limit semantics)', () => {
  it('limit 1 replaces the choice', () => {
    expect(pickSelection([1], 2, 1)).toEqual({ selected: [2], error: null });
  });
  it('over the limit is refused with 超出个数限制', () => {
    expect(pickSelection([1, 2], 3, 2)).toEqual({ selected: [1, 2], error: '超出个数限制' });
  });
  it('picking a chosen item again removes it', () => {
    expect(pickSelection([1, 2], 2, 2)).toEqual({ selected: [1], error: null });
  });
  it('adds within the limit', () => {
    expect(pickSelection([1], 2, 3)).toEqual({ selected: [1, 2], error: null });
  });
});

describe('cloudSelection (SPEC §5.1 count rule)', () => {
  it('single-file mode replaces the kept file with the first chosen and skips the rest', () => {
    expect(cloudSelection(0, 1, 0, 1)).toEqual({ action: 'add' });
    expect(cloudSelection(1, 1, 0, 1)).toEqual({ action: 'replace' });
    expect(cloudSelection(1, 3, 0, 1)).toEqual({ action: 'replace' });
    expect(cloudSelection(1, 3, 2, 1)).toEqual({ action: 'skip' });
  });

  it('otherwise refuses a batch that passes the limit, with 最多上传{limit}个文件', () => {
    expect(cloudSelection(2, 1, 0, 3)).toEqual({ action: 'add' });
    expect(cloudSelection(2, 2, 1, 3)).toEqual({ action: 'refuse', verdict: '最多上传3个文件' });
  });
});
