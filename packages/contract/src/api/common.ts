import { z } from 'zod';
import { Msg } from '../messages.ts';

/** Largest id, page or count a call accepts: a PostgreSQL integer column holds no more. */
export const INT_MAX = 2_147_483_647;
/** Most ids one call accepts (the desktop pushes every account of a member at once). */
export const ID_LIST_MAX = 5000;
/** Longest group name (material and account groups). */
export const GROUP_NAME_MAX = 50;
/** Longest group or tag description. */
export const DESCRIPTION_MAX = 200;

// C0 controls other than tab, line feed and carriage return, and DEL: never part of a name or text.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
// A surrogate without its pair cannot be stored as UTF-8.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds no control character (tab and line breaks aside) and no lone surrogate. */
export function isPlainText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * Text a user or client sends (names, searches, remarks, messages): refused with `requiredMsg` when
 * not a string, and with 参数错误 when it holds a NUL or other control character or a lone surrogate
 * (SQL drivers and the FTS5 query parser fail on them).
 */
export function text(requiredMsg: string = Msg.invalidParams) {
  return z.string({ error: requiredMsg }).refine(isPlainText, Msg.invalidParams);
}

// Contract schemas word their messages in Chinese; zod's own defaults are English and never shown.
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * The one mapping from zod issues to what a user reads (the server's error handler for every route,
 * the web client's form rules): the first issue's message when the contract worded it, else 参数错误.
 */
export function validationMessage(issues: readonly { message?: string }[]): string {
  const message = issues[0]?.message;
  return message && CHINESE.test(message) ? message : Msg.invalidParams;
}

const DECIMAL = /^\s*-?\d+\s*$/;

/**
 * An integer in [min, max] from a JSON number or a decimal string (query strings and forms carry
 * text). Booleans, null, blanks, fractions and exponents are refused with `msg`, never coerced.
 */
export function int(min: number, max: number, msg: string = Msg.invalidParams) {
  return z
    .union([z.number(), z.string().regex(DECIMAL, msg)], { error: msg })
    .transform((value) => Number(value))
    .pipe(z.number().int(msg).min(min, msg).max(max, msg));
}

/** A record id: a positive integer. */
export function id(msg: string = Msg.invalidParams) {
  return int(1, INT_MAX, msg);
}

/** A page number (1-based). */
export const pageNumber = int(1, INT_MAX).default(1);

/** A page size in [min, max], `fallback` when absent (0 means "all" where min is 0). */
export function pageSize(min: number, max: number, fallback: number) {
  return int(min, max).default(fallback);
}

/** An optional query number where an empty string or null means "not given". */
export function blankAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
}

/** An optional id where the client sends '', 0 or null for "none": the id, or null. */
export const optionalId = z
  .union([z.literal(''), z.literal(0), z.literal('0'), z.null(), id()])
  .optional()
  .transform((value) => (typeof value === 'number' && value > 0 ? value : null));

/**
 * A list of ids from a query or body: `1,2,3`, repeated parameters (`?id=1&id=2`), a JSON array or a
 * single number, as distinct numbers in their first order. Blank parts (`1,,2,`) are skipped; any
 * other part that is not an id refuses the whole list with 参数错误 (ids are never silently dropped).
 */
export const idList = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: Msg.invalidParams })
  .transform((value) => {
    const parts: (string | number)[] = Array.isArray(value) ? value : [value];
    return parts
      .flatMap((part): (string | number)[] => (typeof part === 'string' ? part.split(',') : [part]))
      .filter((part) => typeof part === 'number' || part.trim() !== '');
  })
  .pipe(z.array(id()).max(ID_LIST_MAX, Msg.invalidParams))
  .transform((ids) => [...new Set(ids)]);

/** An id list that must name at least one id; `emptyMsg` says what to choose. */
export function requiredIdList(emptyMsg: string) {
  return idList.refine((ids) => ids.length > 0, emptyMsg);
}

/** File name of an import's failed rows (account import and any later one). */
export const IMPORT_ERROR_FILE_NAME = '导入失败数据.xlsx';

/** Paged lists answer `data.list` and `data.count` (the total over every page). */
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), count: z.number().int() });
}
/** A page of `T` as pagedOf answers it. */
export interface Paged<T> {
  list: T[];
  count: number;
}

/** A group's name (material and account groups): required, trimmed, at most GROUP_NAME_MAX. */
export const groupName = text(Msg.groupNameRequired)
  .trim()
  .min(1, Msg.groupNameRequired)
  .max(GROUP_NAME_MAX, Msg.textTooLong);

/** POST …Group/add: a new group of the member's materials or accounts. */
export const groupAddBody = z.object({
  group_name: groupName,
  group_desc: text().max(DESCRIPTION_MAX, Msg.textTooLong).optional().default(''),
});

/** POST …Group/edit: renames (and describes) a group. */
export const groupEditBody = groupAddBody.extend({ group_id: id() });

/** POST …Group/dele. */
export const groupDeleteBody = z.object({ group_id: id() });
