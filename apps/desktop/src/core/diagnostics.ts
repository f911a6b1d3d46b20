import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { tarGz, type TarEntry } from './tar.ts';

/** How many of the newest failure screenshots a bundle carries. */
export const DIAGNOSTIC_SCREENSHOTS = 20;

export interface DiagnosticsOptions {
  logDir: string;
  /** The runner's failure artefacts (publisher's artefactDir). */
  artefactDir: string;
  outDir: string;
  /** Facts about this install (version, OS, settings without secrets). */
  about: Record<string, unknown>;
  now?: Date;
}

async function filesIn(dir: string): Promise<{ path: string; mtime: Date }[]> {
  const names = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  const files = await Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const s = await stat(path).catch(() => undefined);
      return s?.isFile() ? { path, mtime: s.mtime } : undefined;
    }),
  );
  return files.filter((f) => f !== undefined);
}

/** A tar-safe entry name: short, no folders from outside. */
function entryName(folder: string, index: number, path: string): string {
  const safe = basename(path).replace(/[^\w.-]/g, '_');
  return `${folder}/${String(index).padStart(2, '0')}-${safe}`.slice(0, 100);
}

/** Writes logs and the newest failure screenshots into `vidmatrix-diagnostics-<time>.tar.gz`. */
export async function exportDiagnostics(options: DiagnosticsOptions): Promise<string> {
  const now = options.now ?? new Date();
  const logs = (await filesIn(options.logDir)).sort((a, b) => a.path.localeCompare(b.path));
  const shots = (await filesIn(options.artefactDir))
    .filter((f) => /\.(png|jpe?g)$/i.test(f.path))
    .sort((a, b) => b.mtime.getTime() - a.mtime.getTime())
    .slice(0, DIAGNOSTIC_SCREENSHOTS);
  const entries: TarEntry[] = [
    {
      name: 'about.json',
      data: Buffer.from(JSON.stringify({ ...options.about, exportedAt: now.toISOString() }, null, 2)),
      mtime: now,
    },
  ];
  for (const [i, file] of logs.entries()) {
    entries.push({ name: entryName('logs', i, file.path), data: await readFile(file.path), mtime: file.mtime });
  }
  for (const [i, file] of shots.entries()) {
    entries.push({ name: entryName('screenshots', i, file.path), data: await readFile(file.path), mtime: file.mtime });
  }
  await mkdir(options.outDir, { recursive: true });
  const out = join(options.outDir, `vidmatrix-diagnostics-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  await writeFile(out, tarGz(entries));
  return out;
}
