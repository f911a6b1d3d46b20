import { open } from 'node:fs/promises';
import { mp4DurationSec } from '@vidmatrix/contract/rules/mp4-duration';

/**
 * The video's duration in seconds from its mp4 `mvhd` box (read in place, a few small reads wherever
 * the box sits), or undefined for a file that is not an mp4/mov: verification then compares no duration.
 */
export async function videoDurationSec(path: string): Promise<number | undefined> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) {
    return undefined;
  }
  try {
    const { size } = await file.stat();
    return await mp4DurationSec(async (offset, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    }, size);
  } catch {
    return undefined;
  } finally {
    await file.close();
  }
}
