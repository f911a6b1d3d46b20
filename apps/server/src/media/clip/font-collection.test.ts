import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectionFace, isFontCollection } from './font-collection.ts';

/** A collection of two faces sharing a table, its tables at odd offsets (as wqy-microhei.ttc's FFTM). */
function tinyCollection(): Buffer {
  const tables = { shared: Buffer.from('shared-glyphs'), a: Buffer.from('name-a'), b: Buffer.from('name-b!!') };
  const head = Buffer.alloc(54);
  head.writeUInt32BE(0x5f0f3cf5, 12); // head's magic number
  const faceDir = (entries: [string, number, number][]) => {
    const dir = Buffer.alloc(12 + 16 * entries.length);
    dir.writeUInt32BE(0x00010000, 0);
    dir.writeUInt16BE(entries.length, 4);
    entries.forEach(([tag, offset, length], i) => {
      dir.write(tag, 12 + 16 * i, 4, 'latin1');
      dir.writeUInt32BE(0xdeadbeef, 12 + 16 * i + 4); // a wrong checksum: recomputed
      dir.writeUInt32BE(offset, 12 + 16 * i + 8);
      dir.writeUInt32BE(length, 12 + 16 * i + 12);
    });
    return dir;
  };
  // Header (20) + two directories (12 + 16·3 each) = 140; the data follows at odd offsets.
  const data = 141;
  const offsets = {
    shared: data,
    a: data + tables.shared.length,
    b: data + tables.shared.length + tables.a.length,
    head: data + tables.shared.length + tables.a.length + tables.b.length,
  };
  const header = Buffer.alloc(20);
  header.write('ttcf', 0, 'latin1');
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(2, 8);
  header.writeUInt32BE(20, 12);
  header.writeUInt32BE(80, 16);
  return Buffer.concat([
    header,
    faceDir([
      ['name', offsets.a, tables.a.length],
      ['glyf', offsets.shared, tables.shared.length],
      ['head', offsets.head, head.length],
    ]),
    faceDir([
      ['name', offsets.b, tables.b.length],
      ['glyf', offsets.shared, tables.shared.length],
      ['head', offsets.head, head.length],
    ]),
    Buffer.alloc(1),
    tables.shared,
    tables.a,
    tables.b,
    head,
  ]);
}

/** The tables of a single-face font: tag → [offset, length, checksum]. */
function directory(font: Buffer): Map<string, [number, number, number]> {
  const count = font.readUInt16BE(4);
  return new Map(
    Array.from({ length: count }, (_, i) => {
      const entry = 12 + 16 * i;
      return [
        font.toString('latin1', entry, entry + 4),
        [font.readUInt32BE(entry + 8), font.readUInt32BE(entry + 12), font.readUInt32BE(entry + 4)],
      ];
    }),
  );
}

const sum = (bytes: Buffer) => {
  let total = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    total = (total + Buffer.concat([bytes.subarray(i, i + 4), Buffer.alloc(4)]).readUInt32BE(0)) >>> 0;
  }
  return total;
};

describe('collectionFace', () => {
  it('makes each face a single-face font with aligned, checksummed tables in tag order', () => {
    const ttc = tinyCollection();
    expect(isFontCollection(ttc)).toBe(true);
    for (const [index, name] of [
      [0, 'name-a'],
      [1, 'name-b!!'],
    ] as const) {
      const font = collectionFace(ttc, index);
      expect(isFontCollection(font)).toBe(false);
      expect(font.readUInt32BE(0)).toBe(0x00010000);
      const tables = directory(font);
      expect([...tables.keys()]).toEqual(['glyf', 'head', 'name']);
      for (const [tag, [offset, length, checksum]] of tables) {
        expect(offset % 4, tag).toBe(0);
        const data = font.subarray(offset, offset + length);
        expect(checksum, tag).toBe(
          sum(tag === 'head' ? Buffer.concat([data.subarray(0, 8), Buffer.alloc(4), data.subarray(12)]) : data),
        );
      }
      const [nameAt, nameLength] = tables.get('name') ?? [0, 0];
      expect(font.toString('latin1', nameAt, nameAt + nameLength)).toBe(name);
      const [glyfAt, glyfLength] = tables.get('glyf') ?? [0, 0];
      expect(font.toString('latin1', glyfAt, glyfAt + glyfLength)).toBe('shared-glyphs');
      // head.checkSumAdjustment makes the whole font sum to OpenType's constant.
      expect(sum(font)).toBe(0xb1b0afba);
    }
  });

  it('refuses what is not a collection and faces it does not have', () => {
    expect(() => collectionFace(Buffer.from('OTTO and more bytes'), 0)).toThrow('Not a font collection');
    expect(() => collectionFace(tinyCollection(), 2)).toThrow(RangeError);
    expect(() => collectionFace(tinyCollection().subarray(0, 150), 0)).toThrow(/runs past the file/);
  });

  const wqy = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
  it.runIf(existsSync(wqy))('turns both faces of wqy-microhei.ttc into fonts fontconfig reads as their family', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vidmatrix-face-'));
    const ttc = readFileSync(wqy);
    for (const [index, family] of [
      [0, 'WenQuanYi Micro Hei'],
      [1, 'WenQuanYi Micro Hei Mono'],
    ] as const) {
      const file = join(dir, `face-${index}.ttf`);
      writeFileSync(file, collectionFace(ttc, index));
      const scanned = execFileSync('fc-scan', ['--format', '%{family[0]}|%{index}|%{fontformat}', file], {
        encoding: 'utf8',
      });
      expect(scanned).toBe(`${family}|0|TrueType`);
    }
  });
});
