import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Msg } from '../messages.ts';
import {
  groupAddBody,
  groupEditBody,
  id,
  ID_LIST_MAX,
  idList,
  int,
  INT_MAX,
  isPlainText,
  optionalId,
  pagedOf,
  requiredIdList,
  text,
  validationMessage,
} from './common.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('idList', () => {
  it('reads comma lists, repeated parameters, arrays and single numbers', () => {
    expect(idList.parse('1,2, 3')).toEqual([1, 2, 3]);
    expect(idList.parse(['1', '2,4'])).toEqual([1, 2, 4]);
    expect(idList.parse([5, 6])).toEqual([5, 6]);
    expect(idList.parse(7)).toEqual([7]);
  });
  it('skips blank parts and repeated ids', () => {
    expect(idList.parse('')).toEqual([]);
    expect(idList.parse('1,,2,')).toEqual([1, 2]);
    expect(idList.parse('3,1,3')).toEqual([3, 1]);
  });
  it('refuses the whole list when any part is not an id, never dropping it', () => {
    for (const bad of ['1,x', '-1', '0', '1.5', '1e3', [1, true], true, null, { a: 1 }, String(INT_MAX + 1)]) {
      const result = idList.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(messageOf(result)).toBe(Msg.invalidParams);
    }
  });
  it('refuses more than ID_LIST_MAX ids', () => {
    const ids = Array.from({ length: ID_LIST_MAX + 1 }, (_, i) => i + 1);
    expect(idList.safeParse(ids).success).toBe(false);
    expect(idList.parse(ids.slice(1))).toHaveLength(ID_LIST_MAX);
  });
  it('says what to choose when a required list is empty', () => {
    expect(messageOf(requiredIdList(Msg.chooseMaterial).safeParse(''))).toBe(Msg.chooseMaterial);
  });
});

describe('int and id', () => {
  it('take JSON numbers and decimal strings within bounds', () => {
    expect(int(0, 2).parse(2)).toBe(2);
    expect(int(0, 2).parse(' 1 ')).toBe(1);
    expect(id().parse(String(INT_MAX))).toBe(INT_MAX);
  });
  it('never coerce booleans, null, blanks, fractions or numbers past the bounds', () => {
    for (const bad of [true, false, null, '', ' ', '1.0', 1.5, '0x1', '1e2', [1], 2 ** 53, INT_MAX + 1, 0, -1]) {
      const result = id().safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(messageOf(result)).toBe(Msg.invalidParams);
    }
    expect(int(0, 2).safeParse(3).success).toBe(false);
    expect(int(0, 2).safeParse(null).success).toBe(false);
  });
  it('words the refusal with the given message', () => {
    expect(messageOf(id(Msg.platformRequired).safeParse(true))).toBe(Msg.platformRequired);
  });
});

describe('optionalId', () => {
  it("reads '', 0 and null as none and refuses anything else that is not an id", () => {
    const schema = z.object({ group_id: optionalId });
    expect(schema.parse({}).group_id).toBeNull();
    for (const none of ['', 0, '0', null]) {
      expect(schema.parse({ group_id: none }).group_id).toBeNull();
    }
    expect(schema.parse({ group_id: '12' }).group_id).toBe(12);
    for (const bad of [true, 'x', -3, 1.5]) {
      expect(schema.safeParse({ group_id: bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('text', () => {
  it('refuses NUL, other control characters and lone surrogates', () => {
    for (const bad of ['ab\u0000cd', 'a\u0001', 'a\u007f', 'ab\ud800cd', '\udc00x']) {
      expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
      expect(messageOf(text().safeParse(bad))).toBe(Msg.invalidParams);
    }
  });
  it('keeps tabs, line breaks, CJK and emoji', () => {
    for (const good of ['第一行\n第二行\r\n', 'a\tb', '产品介绍😀', '']) {
      expect(text().parse(good)).toBe(good);
    }
  });
  it('answers the required message for a non-string', () => {
    expect(messageOf(text(Msg.groupNameRequired).safeParse(1))).toBe(Msg.groupNameRequired);
  });
});

describe('pagedOf', () => {
  it('keeps the §7 list shape: data.list and data.count', () => {
    const page = pagedOf(z.object({ n: z.number() }));
    expect(page.parse({ list: [{ n: 1 }], count: 5 })).toEqual({ list: [{ n: 1 }], count: 5 });
    expect(page.safeParse({ list: [], total: 0 }).success).toBe(false);
  });
});

describe('group bodies', () => {
  it('need a name and default the description', () => {
    expect(groupAddBody.parse({ group_name: ' 产品 ' })).toEqual({ group_name: '产品', group_desc: '' });
    expect(messageOf(groupAddBody.safeParse({ group_name: ' ' }))).toBe(Msg.groupNameRequired);
    expect(messageOf(groupAddBody.safeParse({}))).toBe(Msg.groupNameRequired);
    expect(messageOf(groupAddBody.safeParse({ group_name: 'x'.repeat(51) }))).toBe(Msg.textTooLong);
    expect(groupEditBody.safeParse({ group_id: true, group_name: 'a' }).success).toBe(false);
  });
});

describe('validationMessage', () => {
  it('shows the first Chinese message of the contract', () => {
    expect(validationMessage([{ message: Msg.accountFormat }, { message: Msg.passwordFormat }])).toBe(
      Msg.accountFormat,
    );
  });
  it("hides zod's English defaults behind 参数错误", () => {
    expect(validationMessage([{ message: 'Invalid input: expected number, received string' }])).toBe(Msg.invalidParams);
    expect(validationMessage([])).toBe(Msg.invalidParams);
  });
});
