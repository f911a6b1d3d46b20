/**
 * Protobuf wire encoding for Douyin's web IM (research/leads.md §1: imapi.douyin.com speaks protobuf
 * only). Varints are bigints so uint64 ids (server_msg_id, short_id) stay exact.
 */

/** A field value as read: a varint, or the raw bytes of a length-delimited field. */
export type WireValue = bigint | Uint8Array;
/** Field number → its values in order. */
export type WireMessage = Map<number, WireValue[]>;
/** A field to write. */
export type WireField = readonly [number, number | bigint | string | Uint8Array];

function pushVarint(out: number[], value: bigint): void {
  let v = value;
  for (;;) {
    const low = Number(v & 0x7fn);
    v >>= 7n;
    if (v === 0n) {
      out.push(low);
      return;
    }
    out.push(low | 0x80);
  }
}

/** Writes fields in order (numbers and bigints as varints, strings as UTF-8, bytes as given). */
export function writeMessage(fields: readonly WireField[]): Uint8Array<ArrayBuffer> {
  const out: number[] = [];
  for (const [no, value] of fields) {
    if (typeof value === 'number' || typeof value === 'bigint') {
      pushVarint(out, BigInt(no) << 3n);
      pushVarint(out, BigInt(value));
    } else {
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
      pushVarint(out, (BigInt(no) << 3n) | 2n);
      pushVarint(out, BigInt(bytes.length));
      for (const b of bytes) {
        out.push(b);
      }
    }
  }
  return Uint8Array.from(out);
}

/** Reads one level of fields; throws on bytes that are not protobuf. */
export function readMessage(bytes: Uint8Array): WireMessage {
  const fields: WireMessage = new Map();
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const b = bytes[at];
      if (b === undefined || shift > 63n) {
        throw new Error('not protobuf: a varint runs past the end');
      }
      at += 1;
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) {
        return result;
      }
    }
  };
  while (at < bytes.length) {
    const key = varint();
    const wire = Number(key & 7n);
    let value: WireValue;
    if (wire === 0) {
      value = varint();
    } else {
      const size = wire === 2 ? Number(varint()) : wire === 1 ? 8 : wire === 5 ? 4 : -1;
      if (size < 0 || at + size > bytes.length) {
        throw new Error(`not protobuf: wire type ${wire} at ${at}`);
      }
      value = bytes.subarray(at, at + size);
      at += size;
    }
    const no = Number(key >> 3n);
    fields.set(no, [...(fields.get(no) ?? []), value]);
  }
  return fields;
}

/** The first value of a field as a varint (0n when absent). */
export const varintOf = (m: WireMessage, no: number): bigint => {
  const v = m.get(no)?.[0];
  return typeof v === 'bigint' ? v : 0n;
};

/** The first value of a field as bytes (empty when absent). */
export const bytesOf = (m: WireMessage, no: number): Uint8Array => {
  const v = m.get(no)?.[0];
  return v instanceof Uint8Array ? v : new Uint8Array();
};

/** The first value of a field as UTF-8 text. */
export const textOf = (m: WireMessage, no: number): string => new TextDecoder().decode(bytesOf(m, no));

/** Every value of a repeated message field, read. */
export const messagesOf = (m: WireMessage, no: number): WireMessage[] =>
  (m.get(no) ?? []).filter((v): v is Uint8Array => v instanceof Uint8Array).map(readMessage);

/** The first value of a message field, read (empty when absent). */
export const messageOf = (m: WireMessage, no: number): WireMessage => readMessage(bytesOf(m, no));
