import { z } from 'zod';
import { ACCOUNT_LIST_LIMIT } from '../constants.ts';
import { Msg } from '../messages.ts';

/** Longest nickname, remarks, group name and proxy code accepted. */
export const ACCOUNT_TEXT_MAX = { nickname: 64, remarks: 255, groupName: 32, ipCode: 128 } as const;

/**
 * A list of positive ids from a query or body: `1,2,3`, repeated parameters (`?id=1&id=2`),
 * a JSON array or a single number all arrive as `number[]`; blanks are dropped.
 */
export const idList = z.preprocess(
  (value: unknown): unknown[] => {
    const parts: unknown[] = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((part: unknown) =>
      typeof part === 'string' ? part.split(',') : [part],
    );
    return parts
      .map((part): unknown => (typeof part === 'string' ? part.trim() : part))
      .filter((part) => part !== '' && part !== undefined && part !== null)
      .map((part) => Number(part));
  },
  z.array(z.number({ error: Msg.invalidParams }).int(Msg.invalidParams).positive(Msg.invalidParams)),
);

/** An optional query number where an empty string means "not given". */
const optionalQueryInt = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number().int().nonnegative().optional(),
);

/** A member's social-media account (SPEC §3 enterprise account). */
export interface EnterpriseAccount {
  enterprise_account_id: number;
  nickname: string;
  remarks: string;
  avatar_larger: string;
  platform_id: number;
  platform_name: string;
  platform_logo_url: string;
  /** Non-zero: a sub-account of that account. */
  pid: number;
  /** 0: no group. */
  group_id: number;
  group_name: string;
  /** 1 authorized, 2 expired, anything else unauthorized. */
  cookie_auth_status: number;
  /** 1 is OK. */
  access_status: number;
  /** The proxy assigned to the account; empty when none. */
  ip_code: string;
  /** `YYYY-MM-DD HH:mm:ss` (UTC+8). */
  create_time: string;
  /** Sub-accounts (only in `list`, where they are nested under their parent). */
  children?: EnterpriseAccount[];
}
export const enterpriseAccount: z.ZodType<EnterpriseAccount> = z.lazy(() =>
  z.object({
    enterprise_account_id: z.number().int(),
    nickname: z.string(),
    remarks: z.string(),
    avatar_larger: z.string(),
    platform_id: z.number().int(),
    platform_name: z.string(),
    platform_logo_url: z.string(),
    pid: z.number().int(),
    group_id: z.number().int(),
    group_name: z.string(),
    cookie_auth_status: z.number().int(),
    access_status: z.number().int(),
    ip_code: z.string(),
    create_time: z.string(),
    children: z.array(enterpriseAccount).optional(),
  }),
);

/** Paged lists answer `data.list` and `data.count`. */
export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), count: z.number().int() });
}
export interface Paged<T> {
  list: T[];
  count: number;
}

/** Filters shared by the account list, the selector list and the export. */
const accountFilters = {
  /** Platforms; comma list or repeated parameter; empty means all. */
  platform_id: idList.optional().default([]),
  /** Empty: every group; 0: accounts without a group. */
  group_id: optionalQueryInt,
  /** Searches remarks and nickname. */
  remarks: z.string().trim().max(ACCOUNT_TEXT_MAX.remarks).optional().default(''),
};

/** GET /api/member.EnterpriseAccount/list: parents paged (limit up to 800), sub-accounts nested. */
export const accountListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().min(1).max(ACCOUNT_LIST_LIMIT).default(10),
  ...accountFilters,
});
export type AccountListQuery = z.input<typeof accountListQuery>;

/** GET /api/member.EnterpriseAccount/getEnterpriseAccountList: a flat list; limit 0 means all. */
export const selectorAccountQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().min(0).max(ACCOUNT_LIST_LIMIT).default(0),
  ...accountFilters,
});
export type SelectorAccountQuery = z.input<typeof selectorAccountQuery>;

/** GET /api/member.EnterpriseAccount/export: the list filters, every matching account. */
export const accountExportQuery = z.object(accountFilters);
export type AccountExportQuery = z.input<typeof accountExportQuery>;

export const accountList = pagedOf(enterpriseAccount);
export type AccountList = Paged<EnterpriseAccount>;

const nickname = z
  .string({ error: Msg.accountNicknameRequired })
  .trim()
  .min(1, Msg.accountNicknameRequired)
  .max(ACCOUNT_TEXT_MAX.nickname, Msg.accountTextTooLong);
const remarks = z.string().trim().max(ACCOUNT_TEXT_MAX.remarks, Msg.accountTextTooLong);
const ipCode = z.string().trim().max(ACCOUNT_TEXT_MAX.ipCode, Msg.accountTextTooLong);
const groupId = z.coerce.number({ error: Msg.invalidParams }).int().nonnegative();

/** POST /api/member.EnterpriseAccount/add: a new account (pid for a sub-account). */
export const accountAddBody = z.object({
  nickname,
  platform_id: z.coerce.number({ error: Msg.platformRequired }).int().positive(Msg.platformRequired),
  remarks: remarks.optional().default(''),
  group_id: groupId.optional().default(0),
  ip_code: ipCode.optional().default(''),
  pid: z.coerce.number().int().nonnegative().optional().default(0),
  avatar_larger: z.string().trim().max(1024).optional().default(''),
});
export type AccountAddBody = z.input<typeof accountAddBody>;

/** POST /api/member.EnterpriseAccount/edit: remarks, group and proxy; absent fields stay. */
export const accountEditBody = z.object({
  enterprise_account_id: z.coerce.number().int().positive(),
  remarks: remarks.optional(),
  group_id: groupId.optional(),
  ip_code: ipCode.optional(),
});
export type AccountEditBody = z.input<typeof accountEditBody>;

/** POST /api/member.EnterpriseAccount/dele: ids (comma list); sub-accounts go with their parent. */
export const accountDeleteBody = z.object({ ids: idList.refine((ids) => ids.length > 0, Msg.selectAccounts) });
export type AccountDeleteBody = z.input<typeof accountDeleteBody>;

/** POST /api/member.EnterpriseAccount/editgroup: moves accounts into a group (0: no group). */
export const accountMoveBody = z.object({
  ids: idList.refine((ids) => ids.length > 0, Msg.selectAccounts),
  group_id: groupId,
});
export type AccountMoveBody = z.input<typeof accountMoveBody>;

/** Data of add: the new account's id. */
export const accountAdded = z.object({ enterprise_account_id: z.number().int() });

/** An account group (SPEC §3); the client prepends 全部分组 with an empty id. */
export const accountGroup = z.object({
  group_id: z.number().int(),
  group_name: z.string(),
  /** Accounts in the group. */
  account_count: z.number().int(),
});
export type AccountGroup = z.infer<typeof accountGroup>;

/** GET /api/member.EnterpriseAccountGroup/list: limit 0 means all. */
export const groupListQuery = z.object({
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().min(0).max(1000).default(0),
});
export const groupList = pagedOf(accountGroup);
export type GroupList = Paged<AccountGroup>;

const groupName = z
  .string({ error: Msg.groupNameRequired })
  .trim()
  .min(1, Msg.groupNameRequired)
  .max(ACCOUNT_TEXT_MAX.groupName, Msg.accountTextTooLong);

/** POST /api/member.EnterpriseAccountGroup/add. */
export const groupAddBody = z.object({ group_name: groupName });
export type GroupAddBody = z.input<typeof groupAddBody>;
export const groupAdded = z.object({ group_id: z.number().int() });

/** POST /api/member.EnterpriseAccountGroup/edit: renames a group. */
export const groupEditBody = z.object({ group_id: z.coerce.number().int().positive(), group_name: groupName });
export type GroupEditBody = z.input<typeof groupEditBody>;

/** POST /api/member.EnterpriseAccountGroup/dele: its accounts fall back to no group. */
export const groupDeleteBody = z.object({ group_id: z.coerce.number().int().positive() });
export type GroupDeleteBody = z.input<typeof groupDeleteBody>;

/** A publishing platform (SPEC §3). */
export const platform = z.object({
  platform_id: z.number().int(),
  platform_name: z.string(),
  platform_logo_url: z.string(),
});
export type Platform = z.infer<typeof platform>;

/** POST /api/setting.Platform/list?remarks=&page=1&limit=0: remarks filters by name; limit 0 means all. */
export const platformListQuery = z.object({
  remarks: z.string().trim().max(64).optional().default(''),
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().min(0).max(1000).default(0),
});
export const platformList = pagedOf(platform);
export type PlatformList = Paged<Platform>;

/** cookie_auth_status values a client may set: 0 unauthorized, 1 authorized, 2 expired. */
const cookieAuthStatus = z.coerce.number().int().min(0, Msg.invalidParams).max(2, Msg.invalidParams);

/** POST /api/customer.AuthPlatform/authCkStatus: the desktop re-authorized one account. */
export const authCkStatusBody = z.object({
  enterprise_account_id: z.coerce.number().int().positive(),
  cookie_auth_status: cookieAuthStatus.optional().default(1),
  /** Why it changed, as the desktop tells it; a catalogue reason is used when empty. */
  reason: z.string().trim().max(255).optional().default(''),
});
export type AuthCkStatusBody = z.input<typeof authCkStatusBody>;

/** POST /api/customer.AuthPlatform/authCkAllStatus: the desktop's start-up check, one batch per outcome. */
export const authCkAllStatusBody = z.object({
  enterprise_account_id: idList,
  cookie_auth_status: cookieAuthStatus,
  reason: z.string().trim().max(255).optional().default(''),
});
export type AuthCkAllStatusBody = z.input<typeof authCkAllStatusBody>;

/** Data of the auth calls: how many accounts changed. */
export const authChanged = z.object({ changed: z.number().int() });

/** One change of an account's authorization state. */
export const authLogEntry = z.object({
  log_id: z.number().int(),
  enterprise_account_id: z.number().int(),
  from_status: z.number().int(),
  to_status: z.number().int(),
  reason: z.string(),
  /** `YYYY-MM-DD HH:mm:ss` (UTC+8). */
  create_time: z.string(),
});
export type AuthLogEntry = z.infer<typeof authLogEntry>;

/** GET /api/member.EnterpriseAccount/authLog: newest first. */
export const authLogQuery = z.object({
  enterprise_account_id: z.coerce.number().int().positive(),
  page: z.coerce.number().int().positive().default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export type AuthLogQuery = z.input<typeof authLogQuery>;
export const authLogList = pagedOf(authLogEntry);
export type AuthLogList = Paged<AuthLogEntry>;

/** Import result (SPEC §3). importStatus 1: done (rows may have failed); 0: the file was refused. */
export const importResult = z.object({
  importStatus: z.union([z.literal(0), z.literal(1)]),
  addCount: z.number().int(),
  updateCount: z.number().int(),
  failCount: z.number().int(),
  errorMsg: z.string(),
  /** API path of the failed rows as xlsx (member only); empty when none failed. */
  errorFileURL: z.string(),
});
export type ImportResult = z.infer<typeof importResult>;

/** GET /api/member.EnterpriseAccount/importErrorFile?import_id=: the failed rows of one import. */
export const importErrorFileQuery = z.object({ import_id: z.string().regex(/^[\w-]{8,64}$/, Msg.invalidParams) });

/** Header row of the account import file and template, in column order. */
export const ACCOUNT_IMPORT_HEADERS = ['昵称', '备注', '平台', '分组', '代理IP'] as const;
/** Extra column of the failed-rows file. */
export const IMPORT_FAIL_REASON_HEADER = '失败原因';
/** Columns of the account export after the import columns (so an export can be imported back). */
export const ACCOUNT_EXPORT_EXTRA_HEADERS = ['授权状态', '访问状态', '主账号', '创建时间'] as const;

/** API paths of the account feature (server routes and client calls name them once). */
export const AccountApi = {
  list: '/api/member.EnterpriseAccount/list',
  selectorList: '/api/member.EnterpriseAccount/getEnterpriseAccountList',
  add: '/api/member.EnterpriseAccount/add',
  edit: '/api/member.EnterpriseAccount/edit',
  dele: '/api/member.EnterpriseAccount/dele',
  editGroup: '/api/member.EnterpriseAccount/editgroup',
  import: '/api/member.EnterpriseAccount/import',
  importTemplate: '/api/member.EnterpriseAccount/importTemplate',
  importErrorFile: '/api/member.EnterpriseAccount/importErrorFile',
  export: '/api/member.EnterpriseAccount/export',
  authLog: '/api/member.EnterpriseAccount/authLog',
  groupList: '/api/member.EnterpriseAccountGroup/list',
  groupAdd: '/api/member.EnterpriseAccountGroup/add',
  groupEdit: '/api/member.EnterpriseAccountGroup/edit',
  groupDele: '/api/member.EnterpriseAccountGroup/dele',
  platformList: '/api/setting.Platform/list',
  authCkStatus: '/api/customer.AuthPlatform/authCkStatus',
  authCkAllStatus: '/api/customer.AuthPlatform/authCkAllStatus',
} as const;
