import { existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFontCollection } from './font-collection.ts';
import { fontByFileName, fontUrlOf, renderFontsDir, servedFontFile, servedFontsDir, type ClipFont } from './fonts.ts';

const wqy = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
const hei: ClipFont = { value: 'WenQuanYi Micro Hei', path: wqy, index: 0 };
const mono: ClipFont = { value: 'WenQuanYi Micro Hei Mono', path: wqy, index: 1 };

describe('served fonts', () => {
  it('serves each face of a collection under a single-face name, other fonts under their own', () => {
    const plain: ClipFont = { value: 'Noto Sans SC', path: '/f/NotoSansSC-Regular.otf' };
    expect(fontUrlOf(hei)).toBe('/static/fonts/wqy-microhei-0.ttf');
    expect(fontUrlOf(mono)).toBe('/static/fonts/wqy-microhei-1.ttf');
    expect(fontUrlOf({ value: 'X', path: '/f/x.otc', index: 2 })).toBe('/static/fonts/x-2.otf');
    expect(fontUrlOf(plain)).toBe('/static/fonts/NotoSansSC-Regular.otf');
    expect(fontByFileName([hei, mono, plain], 'wqy-microhei-1.ttf')).toBe(mono);
    // The collection itself is not served.
    expect(fontByFileName([hei, mono, plain], 'wqy-microhei.ttc')).toBeUndefined();
  });

  it('links a single-face font into the served folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vidmatrix-fonts-'));
    const source = join(dir, 'plain.ttf');
    writeFileSync(source, 'font bytes');
    const served = await servedFontFile({ value: 'Plain', path: source }, join(dir, 'served'));
    expect(served).toBe(join(dir, 'served', 'plain.ttf'));
    expect(lstatSync(served).isSymbolicLink()).toBe(true);
    expect(readFileSync(served, 'utf8')).toBe('font bytes');
    // Again: the same file, no error.
    expect(await servedFontFile({ value: 'Plain', path: source }, join(dir, 'served'))).toBe(served);
  });

  it.runIf(existsSync(wqy))(
    'gives a render the served files of the fonts it names, the same the page and the desktop get',
    async () => {
      const workDir = mkdtempSync(join(tmpdir(), 'vidmatrix-fonts-'));
      const dir = await renderFontsDir([hei, mono], [mono.value, undefined], workDir);
      expect(dir).toBe(servedFontsDir(workDir));
      expect(readdirSync(dir)).toEqual(['wqy-microhei-1.ttf']);
      const face = readFileSync(join(dir, 'wqy-microhei-1.ttf'));
      expect(isFontCollection(face)).toBe(false);
      // A title in one face and subtitles in the other: both are there.
      await renderFontsDir([hei, mono], [hei.value, mono.value], workDir);
      expect(readdirSync(dir).sort()).toEqual(['wqy-microhei-0.ttf', 'wqy-microhei-1.ttf']);
      // Naming no listed font: the first listed one, as the renderer falls back.
      const other = mkdtempSync(join(tmpdir(), 'vidmatrix-fonts-'));
      await renderFontsDir([hei, mono], ['Unlisted'], other);
      expect(readdirSync(servedFontsDir(other))).toEqual(['wqy-microhei-0.ttf']);
    },
  );

  it('points a render without any listed font at the system fonts', async () => {
    expect(await renderFontsDir([], ['WenQuanYi Micro Hei'], '/nonexistent')).toBe('/usr/share/fonts');
  });
});
