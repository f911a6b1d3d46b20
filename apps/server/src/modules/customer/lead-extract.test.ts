import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractContacts } from './lead-extract.ts';

describe('extractContacts', () => {
  it('finds mobile numbers, also split by spaces or dashes and in full width', () => {
    expect(extractContacts('我的电话13800138000，回电')).toEqual([{ kind: 'phone', value: '13800138000' }]);
    expect(extractContacts('电话 139-1234-5678')).toEqual([{ kind: 'phone', value: '13912345678' }]);
    expect(extractContacts('电话１５８１２３４５６７８')).toEqual([{ kind: 'phone', value: '15812345678' }]);
  });

  it('ignores numbers that are not mobile numbers', () => {
    expect(extractContacts('订单号 2138001380001234')).toEqual([]);
    expect(extractContacts('12800138000 与 1380013800')).toEqual([]);
    expect(extractContacts('138001380001')).toEqual([]);
  });

  it('finds WeChat ids after their usual names', () => {
    expect(extractContacts('加我微信：abc_12345')).toEqual([{ kind: 'wechat', value: 'abc_12345' }]);
    expect(extractContacts('vx Zhang-San88 谢谢')).toEqual([{ kind: 'wechat', value: 'zhang-san88' }]);
    expect(extractContacts('WeChat: wxid_k2j3h4')).toEqual([{ kind: 'wechat', value: 'wxid_k2j3h4' }]);
    expect(extractContacts('微信号是lily2024，电话13800138000')).toEqual([
      { kind: 'phone', value: '13800138000' },
      { kind: 'wechat', value: 'lily2024' },
    ]);
  });

  it('refuses ids too short, too long or not after a WeChat name', () => {
    expect(extractContacts('微信 ab12')).toEqual([]);
    expect(extractContacts(`微信 a${'b'.repeat(25)}`)).toEqual([]);
    expect(extractContacts('my name is abcdefgh')).toEqual([]);
    expect(extractContacts('wxid_abcdefg')).toEqual([]);
    expect(extractContacts('微信 12345678')).toEqual([]);
  });

  it('reports each contact once', () => {
    expect(extractContacts('13800138000 13800138000 vx:Abcdef1 wx abcdef1')).toEqual([
      { kind: 'phone', value: '13800138000' },
      { kind: 'wechat', value: 'abcdef1' },
    ]);
  });

  it('returns only well-formed contacts for hostile input, quickly', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 2000 }), (text) => {
        for (const contact of extractContacts(text)) {
          if (contact.kind === 'phone') {
            expect(contact.value).toMatch(/^1[3-9]\d{9}$/);
          } else {
            expect(contact.value).toMatch(/^[a-z][-_a-z0-9]{5,19}$/);
          }
        }
      }),
    );
  });

  it('finds a planted contact anywhere in noise', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }),
        fc.string({ maxLength: 200 }),
        fc.stringMatching(/^1[3-9]\d{9}$/),
        (before, after, phone) => {
          const text = `${before}。${phone}，${after}`;
          // The full-width punctuation around it keeps it from merging with digits of the noise.
          expect(extractContacts(text).some((c) => c.kind === 'phone' && c.value === phone)).toBe(true);
        },
      ),
    );
  });

  it('stays linear on pathological input', () => {
    const text = `${'微信'.repeat(5000)}${'1 '.repeat(5000)}${'a-'.repeat(5000)}`;
    const started = performance.now();
    extractContacts(text);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
