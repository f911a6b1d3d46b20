import { describe, expect, it } from 'vitest';
import { exactIds } from './in-page.ts';
import { messageOf, readMessage, textOf, varintOf, writeMessage } from './protobuf.ts';

// A get_by_conversation request CreatorHub captured from www.douyin.com (its douyin_im_pb.py template).
const CAPTURED =
  'CK0CEKZOGgUwLjEuNiIAKAMwADoTZmVmMWE4MDpwL2x6Zy9zdG9yZUJC6hI/CiQwOjE6NTEwNjAxMjg5Nzk1NjYyOjE4OTI3MTc3ODU3NzgwMzIQARi/hInwjMXSg2ogASiQjsH7nKT8AjAySgEwWglkb3V5aW5fcGNyBjM2MDAwMHoTCgtzZXNzaW9uX2FpZBIENjM4M3oQCgtzZXNzaW9uX2RpZBIBMHoVCghhcHBfbmFtZRIJZG91eWluX3BjehUKD3ByaW9yaXR5X3JlZ2lvbhICY256fQoKdXNlcl9hZ2VudBJvTW96aWxsYS81LjAgKFdpbmRvd3MgTlQgMTAuMDsgV2luNjQ7IHg2NCkgQXBwbGVXZWJLaXQvNTM3LjM2IChLSFRNTCwgbGlrZSBHZWNrbykgQ2hyb21lLzEzMC4wLjAuMCBTYWZhcmkvNTM3LjM2ehYKDmNvb2tpZV9lbmFibGVkEgR0cnVlehkKEGJyb3dzZXJfbGFuZ3VhZ2USBXpoLUNOehkKEGJyb3dzZXJfcGxhdGZvcm0SBVdpbjMyehcKDGJyb3dzZXJfbmFtZRIHTW96aWxsYXp6Cg9icm93c2VyX3ZlcnNpb24SZzUuMCAoV2luZG93cyBOVCAxMC4wOyBXaW42NDsgeDY0KSBBcHBsZVdlYktpdC81MzcuMzYgKEtIVE1MLCBsaWtlIEdlY2tvKSBDaHJvbWUvMTMwLjAuMC4wIFNhZmFyaS81MzcuMzZ6FgoOYnJvd3Nlcl9vbmxpbmUSBHRydWV6FAoMc2NyZWVuX3dpZHRoEgQxNTM2ehQKDXNjcmVlbl9oZWlnaHQSAzg2NHoiCgdyZWZlcmVyEhdodHRwczovL3d3dy5kb3V5aW4uY29tL3oeCg10aW1lem9uZV9uYW1lEg1Bc2lhL1NoYW5naGFpeg0KCGRldmljZUlkEgEweg0KCGlzLXJldHJ5EgEwkAEBqgEKZG91eWluX3dlYrIBB3dlYl9zZGs=';

describe('protobuf wire format (the publisher’s own, for Douyin’s IM)', () => {
  it('reads a request captured from the live site', () => {
    const envelope = readMessage(new Uint8Array(Buffer.from(CAPTURED, 'base64')));
    expect(varintOf(envelope, 1)).toBe(301n);
    expect(textOf(envelope, 11)).toBe('douyin_pc');
    const body = messageOf(messageOf(envelope, 8), 301);
    expect(textOf(body, 1)).toBe('0:1:510601289795662:1892717785778032');
    expect(varintOf(body, 3)).toBeGreaterThan(2n ** 53n);
  });

  it('round-trips uint64 varints and nested messages exactly', () => {
    const id = 7_402_123_456_789_012_345n;
    const back = readMessage(
      writeMessage([
        [3, id],
        [8, writeMessage([[1, '文本']])],
      ]),
    );
    expect(varintOf(back, 3)).toBe(id);
    expect(textOf(messageOf(back, 8), 1)).toBe('文本');
  });
});

describe('exactIds', () => {
  it('keeps ids beyond 2^53 as strings, leaves other numbers alone', () => {
    const parsed = JSON.parse(
      exactIds('{"id":28158258701277151,"root":0,"code":-509,"msg_key": 7402123456789012345}', [
        'id',
        'root',
        'msg_key',
      ]),
    ) as Record<string, unknown>;
    expect(parsed).toEqual({ id: '28158258701277151', root: '0', code: -509, msg_key: '7402123456789012345' });
  });
});
