import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClientFrame, parseServerFrame } from './events.ts';

describe('parseClientFrame', () => {
  it('reads bind and ping', () => {
    expect(parseClientFrame('{"type":"bind","data":{"client_id":"c1","member_id":"7","token":"t"}}')).toEqual({
      type: 'bind',
      data: { client_id: 'c1', member_id: 7, token: 't' },
    });
    expect(parseClientFrame('{"type":"ping"}')).toEqual({ type: 'ping', data: {} });
  });

  it('refuses malformed binds', () => {
    expect(parseClientFrame('{"type":"bind","data":{"client_id":"c1","member_id":1.5,"token":"t"}}')).toBeNull();
    expect(parseClientFrame('{"type":"bind","data":{"member_id":1,"token":"t"}}')).toBeNull();
    expect(parseClientFrame('not json')).toBeNull();
  });

  it('never throws on hostile input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        parseClientFrame(raw);
        parseServerFrame(raw);
      }),
    );
  });
});

describe('parseServerFrame', () => {
  it('reads the §4 types and drops unknown ones', () => {
    expect(parseServerFrame('{"type":"redict","data":{"path":"/home"}}')).toEqual({
      type: 'redict',
      data: { path: '/home' },
    });
    expect(parseServerFrame('{"type":"refresh"}')).toEqual({ type: 'refresh', data: {} });
    expect(parseServerFrame('{"type":"other","data":{}}')).toBeNull();
  });

  it('reads material_processed with only the fields it names', () => {
    const raw =
      '{"type":"material_processed","data":{"material_id":7,"status":"done","thumb_url":"/storage/t.jpg","duration":2.5,"x":1}}';
    expect(parseServerFrame(raw)).toEqual({
      type: 'material_processed',
      data: { material_id: 7, status: 'done', thumb_url: '/storage/t.jpg', duration: 2.5 },
    });
    expect(
      parseServerFrame('{"type":"material_processed","data":{"material_id":7,"status":"done","thumb_url":""}}'),
    ).toBeNull();
    expect(
      parseServerFrame(
        '{"type":"material_processed","data":{"material_id":"7","status":"done","thumb_url":"","duration":0}}',
      ),
    ).toBeNull();
    expect(
      parseServerFrame(
        '{"type":"material_processed","data":{"material_id":7,"status":"late","thumb_url":"","duration":0}}',
      ),
    ).toBeNull();
  });

  it('reads harvest_paused only with the account, its name and the notice', () => {
    const data = { enterprise_account_id: 3, nickname: '抖音号', notice: '平台提示操作频繁' };
    expect(parseServerFrame(JSON.stringify({ type: 'harvest_paused', data: { ...data, x: 1 } }))).toEqual({
      type: 'harvest_paused',
      data,
    });
    expect(parseServerFrame(JSON.stringify({ type: 'harvest_paused', data: { ...data, notice: 1 } }))).toBeNull();
    expect(
      parseServerFrame(JSON.stringify({ type: 'harvest_paused', data: { ...data, enterprise_account_id: '3' } })),
    ).toBeNull();
  });
});
