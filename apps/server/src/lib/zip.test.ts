import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from './zip.ts';

/** Entries whose bytes arrive in several chunks, as a storage stream delivers them. */
function entriesOf(files: Record<string, Buffer>): ZipEntry[] {
  return Object.entries(files).map(([name, data]) => ({
    name,
    open: () =>
      Promise.resolve(
        Array.from({ length: Math.ceil(data.length / 7000) }, (_, i) => data.subarray(i * 7000, i * 7000 + 7000)),
      ),
  }));
}

/** What Python's zipfile (CRC-checked) reads back from an archive: name → bytes as hex. */
function readBack(zip: Buffer): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-test-'));
  try {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, zip);
    // unzip -t checks every CRC the way most desktop tools do.
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
    const script = [
      'import json, sys, zipfile',
      'z = zipfile.ZipFile(sys.argv[1])',
      'assert z.testzip() is None',
      'print(json.dumps({i.filename: z.read(i).hex() for i in z.infolist()}))',
    ].join('\n');
    return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as Record<string, string>;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const files = {
  '产品视频.mp4': randomBytes(50_000),
  'cover.png': randomBytes(1234),
  '空文件.txt': Buffer.alloc(0),
};
const expected = Object.fromEntries(Object.entries(files).map(([name, data]) => [name, data.toString('hex')]));

describe('zipStream', () => {
  it('writes a stored zip with UTF-8 names that standard tools read back byte for byte', async () => {
    expect(readBack(await buffer(zipStream(entriesOf(files))))).toEqual(expected);
  });

  it('writes zip64 records where offsets pass the threshold (forced here: 4 GiB is too big for a test)', async () => {
    const zip = await buffer(zipStream(entriesOf(files), { zip64From: 0 }));
    expect(zip.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(readBack(zip)).toEqual(expected);
  });
});
