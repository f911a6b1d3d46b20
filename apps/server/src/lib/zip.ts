import { crc32 } from 'node:zlib';
import { Readable } from 'node:stream';

/** One file of a zip: its name inside the archive and a way to open its bytes when its turn comes. */
export interface ZipEntry {
  name: string;
  open: () => Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array>>;
}

const U32 = 0xffffffff;
/** General purpose flags: bit 3 (sizes and CRC follow the data), bit 11 (UTF-8 names). */
const FLAGS = 0x0808;
const VERSION_PLAIN = 20;
const VERSION_ZIP64 = 45;

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  zip64: boolean;
}

/** MS-DOS date and time fields of a moment, in UTC+8 (the product's server time). */
function dosDateTime(epochMs: number): { date: number; time: number } {
  const d = new Date(epochMs + 8 * 3_600_000);
  const year = Math.max(1980, d.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
  };
}

function localHeader(name: Buffer, zip64: boolean, when: { date: number; time: number }): Buffer {
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2); // sizes 0 here: they follow the data
  }
  const head = Buffer.alloc(30);
  head.writeUInt32LE(0x04034b50, 0);
  head.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_PLAIN, 4);
  head.writeUInt16LE(FLAGS, 6);
  head.writeUInt16LE(0, 8); // stored: media is compressed already
  head.writeUInt16LE(when.time, 10);
  head.writeUInt16LE(when.date, 12);
  head.writeUInt32LE(0, 14);
  head.writeUInt32LE(zip64 ? U32 : 0, 18);
  head.writeUInt32LE(zip64 ? U32 : 0, 22);
  head.writeUInt16LE(name.length, 26);
  head.writeUInt16LE(extra.length, 28);
  return Buffer.concat([head, name, extra]);
}

function dataDescriptor(entry: Written): Buffer {
  const out = Buffer.alloc(entry.zip64 ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(entry.crc, 4);
  if (entry.zip64) {
    out.writeBigUInt64LE(BigInt(entry.size), 8);
    out.writeBigUInt64LE(BigInt(entry.size), 16);
  } else {
    out.writeUInt32LE(entry.size, 8);
    out.writeUInt32LE(entry.size, 12);
  }
  return out;
}

function centralHeader(entry: Written, when: { date: number; time: number }): Buffer {
  const extra = entry.zip64 ? Buffer.alloc(28) : Buffer.alloc(0);
  if (entry.zip64) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(24, 2);
    extra.writeBigUInt64LE(BigInt(entry.size), 4);
    extra.writeBigUInt64LE(BigInt(entry.size), 12);
    extra.writeBigUInt64LE(BigInt(entry.offset), 20);
  }
  const version = entry.zip64 ? VERSION_ZIP64 : VERSION_PLAIN;
  const head = Buffer.alloc(46);
  head.writeUInt32LE(0x02014b50, 0);
  head.writeUInt16LE((3 << 8) | version, 4); // made by Unix, so the mode below applies
  head.writeUInt16LE(version, 6);
  head.writeUInt16LE(FLAGS, 8);
  head.writeUInt16LE(0, 10);
  head.writeUInt16LE(when.time, 12);
  head.writeUInt16LE(when.date, 14);
  head.writeUInt32LE(entry.crc, 16);
  head.writeUInt32LE(entry.zip64 ? U32 : entry.size, 20);
  head.writeUInt32LE(entry.zip64 ? U32 : entry.size, 24);
  head.writeUInt16LE(entry.name.length, 28);
  head.writeUInt16LE(extra.length, 30);
  head.writeUInt16LE(0, 32);
  head.writeUInt16LE(0, 34);
  head.writeUInt16LE(0, 36);
  head.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  head.writeUInt32LE(entry.zip64 ? U32 : entry.offset, 42);
  return Buffer.concat([head, entry.name, extra]);
}

function endRecords(count: number, cdOffset: number, cdSize: number, zip64From: number): Buffer {
  const zip64 = count >= 0xffff || cdOffset >= zip64From || cdSize >= zip64From;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(zip64 ? 0xffff : count, 8);
  end.writeUInt16LE(zip64 ? 0xffff : count, 10);
  end.writeUInt32LE(zip64 ? U32 : cdSize, 12);
  end.writeUInt32LE(zip64 ? U32 : cdOffset, 16);
  if (!zip64) {
    return end;
  }
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE((3 << 8) | VERSION_ZIP64, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(cdSize), 40);
  record.writeBigUInt64LE(BigInt(cdOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}

/** The bytes of a stored (uncompressed) zip of `entries`, produced as they are read. */
async function* zipChunks(entries: readonly ZipEntry[], now: number, zip64From: number): AsyncGenerator<Buffer> {
  const when = dosDateTime(now);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    // Zip64 only where a 32-bit offset no longer fits, so small archives open in every tool.
    const zip64 = offset >= zip64From;
    const head = localHeader(name, zip64, when);
    yield head;
    let crc = 0;
    let size = 0;
    for await (const chunk of await entry.open()) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    if (!zip64 && size >= U32) {
      throw new Error(`zip entry ${entry.name} is larger than 4 GiB`); // materials are at most 300 MB
    }
    const item: Written = { name, crc, size, offset, zip64 };
    const descriptor = dataDescriptor(item);
    yield descriptor;
    offset += head.length + size + descriptor.length;
    written.push(item);
  }
  const directory = Buffer.concat(written.map((item) => centralHeader(item, when)));
  yield directory;
  yield endRecords(written.length, offset, directory.length, zip64From);
}

export interface ZipOptions {
  /** Time stamped on every entry (epoch ms). */
  now?: number;
  /** Offsets from which zip64 records are written; 4 GiB unless a test forces them. */
  zip64From?: number;
}

/** A stored zip of `entries` as a stream: each file is opened only when the archive reaches it. */
export function zipStream(entries: readonly ZipEntry[], options: ZipOptions = {}): Readable {
  return Readable.from(zipChunks(entries, options.now ?? Date.now(), options.zip64From ?? U32), {
    objectMode: false,
  });
}
