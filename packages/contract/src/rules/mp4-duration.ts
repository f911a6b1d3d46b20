/**
 * Reads bytes of a file: at most `length` from `offset` (fewer at its end). A file handle on a runner,
 * a buffer in the sandbox; the parser itself touches neither.
 */
export type ByteReader = (offset: number, length: number) => Promise<Uint8Array>;

/** Most boxes looked at before giving up (a broken or hostile file never loops for long). */
const MAX_BOXES = 4096;

interface Box {
  type: string;
  /** Where its content starts. */
  start: number;
  /** Where it ends (the next box starts). */
  end: number;
}

async function boxAt(read: ByteReader, offset: number, limit: number): Promise<Box | undefined> {
  const head = await read(offset, 16);
  if (head.length < 8) {
    return undefined;
  }
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const size32 = view.getUint32(0);
  const type = String.fromCharCode(head[4]!, head[5]!, head[6]!, head[7]!);
  let headerSize = 8;
  let size = size32;
  if (size32 === 1) {
    if (head.length < 16) {
      return undefined;
    }
    size = Number(view.getBigUint64(8));
    headerSize = 16;
  } else if (size32 === 0) {
    size = limit - offset; // the box runs to the end of its parent
  }
  if (size < headerSize || offset + size > limit) {
    return undefined;
  }
  return { type, start: offset + headerSize, end: offset + size };
}

async function findChild(read: ByteReader, from: number, to: number, type: string): Promise<Box | undefined> {
  let offset = from;
  for (let i = 0; i < MAX_BOXES && offset < to; i += 1) {
    const box = await boxAt(read, offset, to);
    if (!box) {
      return undefined;
    }
    if (box.type === type) {
      return box;
    }
    offset = box.end;
  }
  return undefined;
}

/**
 * The duration of an MP4/MOV file in seconds, from its `moov/mvhd` box (wherever `moov` sits, before
 * or after the media data), or undefined when the file is not one or the box is missing or broken.
 */
export async function mp4DurationSec(read: ByteReader, fileSize: number): Promise<number | undefined> {
  const moov = await findChild(read, 0, fileSize, 'moov');
  const mvhd = moov ? await findChild(read, moov.start, moov.end, 'mvhd') : undefined;
  if (!mvhd) {
    return undefined;
  }
  const body = await read(mvhd.start, 32);
  if (body.length < 20) {
    return undefined;
  }
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 1) {
    if (body.length < 32) {
      return undefined;
    }
    timescale = view.getUint32(20);
    duration = Number(view.getBigUint64(24));
  } else {
    timescale = view.getUint32(12);
    duration = view.getUint32(16);
  }
  if (timescale === 0 || duration === 0xffffffff) {
    return undefined;
  }
  return duration / timescale;
}

/** A reader over bytes already in memory. */
export function bytesReader(bytes: Uint8Array): ByteReader {
  return (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length)));
}
