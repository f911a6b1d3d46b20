/**
 * The protobuf wire format as far as Douyin's web IM uses it (research/leads.md §1: imapi.douyin.com
 * speaks protobuf, no JSON): varints (ids beyond 2^53 stay bigints) and length-delimited fields.
 */

/** A decoded field value: a varint, or the bytes of a string / nested message. */
export type PbValue = bigint | Uint8Array;
/** Field number → its values in order (repeated fields have several). */
export type PbFields = Map<number, PbValue[]>;
/** A field to encode: varints as number/bigint, strings as UTF-8, messages as their bytes. */
export type PbField = [number, number | bigint | string | Uint8Array];

function varint(n: bigint): number[] {
  const out: number[] = [];
  let v = n;
  do {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v > 0n ? byte | 0x80 : byte);
  } while (v > 0n);
  return out;
}

/** Encodes fields in the order given. */
export function pbEncode(fields: readonly PbField[]): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  for (const [no, value] of fields) {
    if (typeof value === 'number' || typeof value === 'bigint') {
      out.push(...varint(BigInt(no) << 3n), ...varint(BigInt(value)));
      continue;
    }
    const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
    out.push(...varint((BigInt(no) << 3n) | 2n), ...varint(BigInt(bytes.length)), ...bytes);
  }
  return Uint8Array.from(out);
}

/** Decodes one level of fields; throws on bytes that are not protobuf. */
export function pbDecode(bytes: Uint8Array): PbFields {
  const out: PbFields = new Map();
  let i = 0;
  const readVarint = () => {
    let shift = 0n;
    let v = 0n;
    for (;;) {
      const b = bytes[i];
      if (b === undefined) {
        throw new Error('protobuf: truncated varint');
      }
      i += 1;
      v |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) {
        return v;
      }
      shift += 7n;
    }
  };
  while (i < bytes.length) {
    const tag = readVarint();
    const no = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    let value: PbValue;
    if (wire === 0) {
      value = readVarint();
    } else if (wire === 2 || wire === 1 || wire === 5) {
      const len = wire === 2 ? Number(readVarint()) : wire === 1 ? 8 : 4;
      if (i + len > bytes.length) {
        throw new Error('protobuf: truncated field');
      }
      value = bytes.subarray(i, i + len);
      i += len;
    } else {
      throw new Error(`protobuf: wire type ${wire}`);
    }
    const list = out.get(no) ?? [];
    list.push(value);
    out.set(no, list);
  }
  return out;
}

/** The first value of a field as bytes ([] when absent or a varint). */
export function pbBytes(fields: PbFields, no: number): Uint8Array {
  const v = fields.get(no)?.[0];
  return v instanceof Uint8Array ? v : new Uint8Array();
}

/** The first value of a field as text. */
export function pbText(fields: PbFields, no: number): string {
  return new TextDecoder().decode(pbBytes(fields, no));
}

/** The first value of a field as a varint (0n when absent). */
export function pbInt(fields: PbFields, no: number): bigint {
  const v = fields.get(no)?.[0];
  return typeof v === 'bigint' ? v : 0n;
}

/** The nested message of a field, decoded. */
export function pbMessage(fields: PbFields, no: number): PbFields {
  return pbDecode(pbBytes(fields, no));
}
