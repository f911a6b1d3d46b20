import { execFileSync } from 'node:child_process';
import { clipFilter, clipTransition } from '@vidmatrix/contract/api/clip-looks';
import { describe, expect, it } from 'vitest';
import { LOOKS } from './filter-graph.ts';

// Every transition and look a template offers is one this host's ffmpeg draws (issue 24).

describe('transitions and looks', () => {
  it("offers every transition ffmpeg's xfade has, and only those", () => {
    const help = execFileSync('ffmpeg', ['-hide_banner', '-h', 'filter=xfade'], { encoding: 'utf8' });
    const named = [...help.matchAll(/^\s{5}(\w+)\s+-?\d+\s+\.\.FV/gm)].map((m) => m[1]).filter((n) => n !== 'custom');
    expect(named.length).toBeGreaterThanOrEqual(45);
    expect([...clipTransition.options].sort()).toEqual(named.sort());
  });

  it('draws at least 20 looks, each a filter chain ffmpeg accepts and each changing the picture', () => {
    const looks = clipFilter.options;
    expect(looks.length).toBeGreaterThanOrEqual(20);
    // One ffmpeg run: a test pattern split once per look, each shrunk to its mean colour, side by side.
    const graph = [
      `[0:v]split=${looks.length}${looks.map((_, i) => `[s${i}]`).join('')}`,
      ...looks.map((f, i) => `[s${i}]${LOOKS[f] ?? 'null'},scale=1:1,format=rgb24[m${i}]`),
      `${looks.map((_, i) => `[m${i}]`).join('')}hstack=inputs=${looks.length}[out]`,
    ].join(';');
    const args = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=32x32:d=0.04', '-filter_complex', graph];
    const raw = execFileSync('ffmpeg', [...args, '-map', '[out]', '-frames:v', '1', '-f', 'rawvideo', '-']);
    const pixel = (i: number) => raw.subarray(i * 3, i * 3 + 3).toString('hex');
    const plain = pixel(looks.indexOf('none'));
    expect(looks.filter((f, i) => f !== 'none' && pixel(i) === plain)).toEqual([]);
  });
});
