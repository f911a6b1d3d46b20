import { describe, expect, it } from 'vitest';
import { pbDecode, pbEncode, pbInt, pbMessage, pbText } from './protobuf.ts';

// A real get_by_conversation request as CreatorHub captured it from www.douyin.com (its
// `douyin_im_pb.py` template, 761 bytes): cmd 301 in field 1, the request body in field 8.
const CAPTURED = Buffer.from(
  'CK0CEKZOGgUwLjEuNiIAKAMwADoTZmVmMWE4MDpwL2x6Zy9zdG9yZUJC6hI/CiQwOjE6NTEwNjAxMjg5Nzk1NjYyOjE4OTI3MTc3ODU3NzgwMzIQARi/hInwjMXSg2ogASiQjsH7nKT8AjAySgEwWglkb3V5aW5fcGNyBjM2MDAwMHoTCgtzZXNzaW9uX2FpZBIENjM4M3oQCgtzZXNzaW9uX2RpZBIBMHoVCghhcHBfbmFtZRIJZG91eWluX3BjehUKD3ByaW9yaXR5X3JlZ2lvbhICY256fQoKdXNlcl9hZ2VudBJvTW96aWxsYS81LjAgKFdpbmRvd3MgTlQgMTAuMDsgV2luNjQ7IHg2NCkgQXBwbGVXZWJLaXQvNTM3LjM2IChLSFRNTCwgbGlrZSBHZWNrbykgQ2hyb21lLzEzMC4wLjAuMCBTYWZhcmkvNTM3LjM2ehYKDmNvb2tpZV9lbmFibGVkEgR0cnVlehkKEGJyb3dzZXJfbGFuZ3VhZ2USBXpoLUNOehkKEGJyb3dzZXJfcGxhdGZvcm0SBVdpbjMyehcKDGJyb3dzZXJfbmFtZRIHTW96aWxsYXp6Cg9icm93c2VyX3ZlcnNpb24SZzUuMCAoV2luZG93cyBOVCAxMC4wOyBXaW42NDsgeDY0KSBBcHBsZVdlYktpdC81MzcuMzYgKEtIVE1MLCBsaWtlIEdlY2tvKSBDaHJvbWUvMTMwLjAuMC4wIFNhZmFyaS81MzcuMzZ6FgoOYnJvd3Nlcl9vbmxpbmUSBHRydWV6FAoMc2NyZWVuX3dpZHRoEgQxNTM2ehQKDXNjcmVlbl9oZWlnaHQSAzg2NHoiCgdyZWZlcmVyEhdodHRwczovL3d3dy5kb3V5aW4uY29tL3oeCg10aW1lem9uZV9uYW1lEg1Bc2lhL1NoYW5naGFpeg0KCGRldmljZUlkEgEweg0KCGlzLXJldHJ5EgEwkAEBqgEKZG91eWluX3dlYrIBB3dlYl9zZGs=',
  'base64',
);

describe('protobuf wire format (Douyin web IM)', () => {
  it('reads a request captured from the live site: cmd 301, conv_id, type, short_id, cursor, count', () => {
    const envelope = pbDecode(CAPTURED);
    expect(pbInt(envelope, 1)).toBe(301n);
    const body = pbMessage(pbMessage(envelope, 8), 301);
    expect(pbText(body, 1)).toBe('0:1:510601289795662:1892717785778032');
    expect(pbInt(body, 2)).toBe(1n);
    expect(pbInt(body, 3)).toBeGreaterThan(2n ** 53n); // short_id: a uint64 a JS number would round
    expect(pbInt(body, 6)).toBe(50n);
  });

  it('writes what it reads, varints beyond 2^53 exact', () => {
    const big = 7_312_345_678_901_234_567n;
    const bytes = pbEncode([
      [1, 'conv'],
      [3, big],
      [5, pbEncode([[1, 'nested']])],
      [5, pbEncode([[1, 'again']])],
    ]);
    const back = pbDecode(bytes);
    expect(pbText(back, 1)).toBe('conv');
    expect(pbInt(back, 3)).toBe(big);
    expect(back.get(5)?.map((v) => pbText(pbDecode(v as Uint8Array), 1))).toEqual(['nested', 'again']);
  });

  it('refuses bytes that are not protobuf', () => {
    expect(() => pbDecode(Uint8Array.from([0x0a, 0x05, 0x61]))).toThrow(/truncated/);
  });
});
