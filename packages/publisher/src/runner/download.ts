import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { RunnerClient } from './runner-client.ts';

/** Downloads a job's file (video or cover) once into the work dir, named by its URL, keeping the extension the rules read. */
export async function downloadOnce(
  client: RunnerClient,
  url: string,
  fileName: string,
  workDir: string,
  jobId: number,
): Promise<string> {
  const dir = join(workDir, 'videos');
  await mkdir(dir, { recursive: true });
  const name = createHash('sha256').update(url).digest('hex').slice(0, 32) + extname(fileName).toLowerCase();
  const path = join(dir, name);
  if (
    await stat(path).then(
      () => true,
      () => false,
    )
  ) {
    return path;
  }
  const res = await client.download(url);
  const partial = `${path}.${process.pid}.${jobId}.part`;
  await pipeline(Readable.fromWeb(res.body as WebReadableStream<Uint8Array>), createWriteStream(partial));
  await rename(partial, path);
  return path;
}
