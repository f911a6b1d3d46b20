/** True for a TrueType/OpenType collection (`.ttc`/`.otc`): several faces in one file. */
export function isFontCollection(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).toString('latin1') === 'ttcf';
}

/** The sum of a table's big-endian 32-bit words, the last one padded with zeros (OpenType's table checksum). */
function checksum(bytes: Buffer): number {
  let sum = 0;
  for (let i = 0; i < bytes.length; i += 4) {
    const word =
      ((bytes[i] ?? 0) << 24) | ((bytes[i + 1] ?? 0) << 16) | ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

const align4 = (n: number) => (n + 3) & ~3;

/**
 * Face `index` of a font collection as a standalone font (a single-face TTF/OTF). Its tables are copied
 * 4-byte aligned, in tag order, with their checksums and head's checkSumAdjustment recomputed: Chromium's
 * font sanitizer (OTS) refuses a collection whose tables are not aligned (wqy-microhei.ttc: "FFTM:
 * misaligned table"), and a browser's FontFace reads only the first face of a collection anyway.
 */
export function collectionFace(ttc: Buffer, index: number): Buffer {
  if (!isFontCollection(ttc)) {
    throw new Error('Not a font collection');
  }
  const faces = ttc.readUInt32BE(8);
  if (!Number.isInteger(index) || index < 0 || index >= faces || 12 + 4 * faces > ttc.length) {
    throw new RangeError(`The collection has no face ${index}`);
  }
  const dir = ttc.readUInt32BE(12 + 4 * index);
  const count = dir + 12 <= ttc.length ? ttc.readUInt16BE(dir + 4) : 0;
  if (count === 0 || dir + 12 + 16 * count > ttc.length) {
    throw new Error(`Face ${index} has no table directory`);
  }
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = dir + 12 + 16 * i;
    const tag = ttc.toString('latin1', entry, entry + 4);
    const offset = ttc.readUInt32BE(entry + 8);
    const length = ttc.readUInt32BE(entry + 12);
    if (offset + length > ttc.length) {
      throw new Error(`Table ${tag} of face ${index} runs past the file`);
    }
    return { tag, data: ttc.subarray(offset, offset + length) };
  }).sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));

  const headerSize = 12 + 16 * count;
  const size = tables.reduce((total, table) => total + align4(table.data.length), headerSize);
  const out = Buffer.alloc(size);
  const selector = Math.floor(Math.log2(count));
  out.writeUInt32BE(ttc.readUInt32BE(dir), 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(2 ** selector * 16, 6);
  out.writeUInt16BE(selector, 8);
  out.writeUInt16BE(count * 16 - 2 ** selector * 16, 10);
  let offset = headerSize;
  let head = -1;
  tables.forEach((table, i) => {
    table.data.copy(out, offset);
    const copy = out.subarray(offset, offset + table.data.length);
    if (table.tag === 'head' && table.data.length >= 12) {
      // The whole font's checksum goes here; the table's own is taken with it zeroed.
      copy.writeUInt32BE(0, 8);
      head = offset;
    }
    const entry = 12 + 16 * i;
    out.write(table.tag, entry, 4, 'latin1');
    out.writeUInt32BE(checksum(copy), entry + 4);
    out.writeUInt32BE(offset, entry + 8);
    out.writeUInt32BE(table.data.length, entry + 12);
    offset += align4(table.data.length);
  });
  if (head >= 0) {
    out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, head + 8);
  }
  return out;
}
