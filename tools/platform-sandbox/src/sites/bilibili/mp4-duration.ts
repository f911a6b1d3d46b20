/** An mp4's duration in whole seconds from its `mvhd` box (0 when there is none). */
export function mp4DurationSec(data: Buffer): number {
  const at = data.indexOf('mvhd', 0, 'latin1');
  if (at < 4 || at + 32 > data.length) {
    return 0;
  }
  const v1 = data[at + 4] === 1;
  const timescale = data.readUInt32BE(at + (v1 ? 24 : 16));
  const duration = v1 ? Number(data.readBigUInt64BE(at + 28)) : data.readUInt32BE(at + 20);
  return timescale > 0 ? Math.round(duration / timescale) : 0;
}
