import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_SCREENSHOTS, exportDiagnostics } from './diagnostics.ts';
import { createFileLogger, LOG_FILE } from './log.ts';

describe('diagnostics bundle', () => {
  it('packs the logs and the newest failure screenshots into a tar.gz that tar reads', async () => {
    const root = await mkdtemp(join(tmpdir(), 'diag-'));
    const logDir = join(root, 'logs');
    const artefactDir = join(root, 'artefacts');
    await mkdir(join(artefactDir, 'job-1'), { recursive: true });
    const log = createFileLogger(logDir, () => 'info');
    log.debug('hidden at info');
    log.warn('font sync failed', { font: '黑体' });
    const total = DIAGNOSTIC_SCREENSHOTS + 3;
    for (let i = 0; i < total; i += 1) {
      const file = join(artefactDir, 'job-1', `failure ${i}.png`);
      await writeFile(file, `png-${i}`);
      // Screenshot i is i minutes old: the newest are the lowest numbers.
      const time = new Date(Date.UTC(2026, 10, 23, 12, 0) - i * 60_000);
      await utimes(file, time, time);
    }
    await writeFile(join(artefactDir, 'job-1', 'page.html'), '<html>');

    const out = await exportDiagnostics({
      logDir,
      artefactDir,
      outDir: join(root, 'out'),
      about: { versionName: '1.2.0', os: 'linux' },
      now: new Date('2026-11-23T12:30:00Z'),
    });
    expect(out).toMatch(/vidmatrix-diagnostics-2026-11-23T12-30-00-000Z\.tar\.gz$/);

    const listing = execFileSync('tar', ['-tzf', out], { encoding: 'utf8' }).trim().split('\n');
    expect(listing[0]).toBe('about.json');
    expect(listing[1]).toBe(`logs/00-${LOG_FILE}`);
    const shots = listing.filter((n) => n.startsWith('screenshots/'));
    expect(shots).toHaveLength(DIAGNOSTIC_SCREENSHOTS);
    expect(shots[0]).toBe('screenshots/00-failure_0.png');
    expect(shots.some((n) => n.includes(`failure_${total - 1}.png`))).toBe(false);

    const extracted = join(root, 'x');
    await mkdir(extracted);
    execFileSync('tar', ['-xzf', out, '-C', extracted]);
    const logText = await readFile(join(extracted, 'logs', `00-${LOG_FILE}`), 'utf8');
    expect(logText).toContain('"msg":"font sync failed"');
    expect(logText).toContain('黑体');
    expect(logText).not.toContain('hidden at info');
    expect(await readFile(join(extracted, 'screenshots', '01-failure_1.png'), 'utf8')).toBe('png-1');
    expect(JSON.parse(await readFile(join(extracted, 'about.json'), 'utf8'))).toMatchObject({ versionName: '1.2.0' });
  });
});
