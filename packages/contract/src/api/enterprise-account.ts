import { z } from 'zod';
import { ACCOUNT_LIST_LIMIT, GROUP_TAG_LIST_LIMIT, TABLE_DEFAULT_PAGE_SIZE } from '../constants.ts';
import { Msg } from '../messages.ts';
import {
  blankAsAbsent,
  groupAddBody,
  groupEditBody,
  id,
  idList,
  int,
  INT_MAX,
  pagedOf,
  pageNumber,
  pageSize,
  requiredIdList,
  text,
  type Paged,
} from './common.ts';
import { AccountReads } from './enterprise-account-reads.ts';

/** Longest nickname, remarks and proxy code accepted (group names: GROUP_NAME_MAX). */
export const ACCOUNT_TEXT_MAX = { nickname: 64, remarks: 255, ipCode: 128 } as const;

/** Sheet and file name of the account export. */
export const ACCOUNT_EXPORT_NAME = Msg.accountSheetName;
/** File name of the account import template. */
export const ACCOUNT_IMPORT_TEMPLATE_NAME = '账号导入模板.xlsx';

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
export const enterpriseAccount: z.ZodType<EnterpriseAccount> = z
  .lazy(() =>
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
  )
  .meta({ id: 'EnterpriseAccount' }); // a named component: the recursion becomes a resolvable $ref

/** Filters shared by the account list, the selector list and the export. */
const accountFilters = {
  /** Platforms; comma list or repeated parameter; empty means all. */
  platform_id: idList.optional().default([]),
  /** Empty: every group; 0: accounts without a group. */
  group_id: blankAsAbsent(int(0, INT_MAX)),
  /** Searches remarks and nickname. */
  remarks: text().trim().max(ACCOUNT_TEXT_MAX.remarks, Msg.textTooLong).optional().default(''),
};

/** GET /api/member.EnterpriseAccount/list: parents paged (limit up to 800), sub-accounts nested. */
export const accountListQuery = z.object({
  page: pageNumber,
  limit: pageSize(1, ACCOUNT_LIST_LIMIT, TABLE_DEFAULT_PAGE_SIZE),
  ...accountFilters,
});

/** GET /api/member.EnterpriseAccount/getEnterpriseAccountList: a flat list; limit 0 means all. */
export const selectorAccountQuery = z.object({
  page: pageNumber,
  limit: pageSize(0, ACCOUNT_LIST_LIMIT, 0),
  ...accountFilters,
});

/** GET /api/member.EnterpriseAccount/export: the list filters, every matching account. */
export const accountExportQuery = z.object(accountFilters);

export const accountList = pagedOf(enterpriseAccount);
export type AccountList = Paged<EnterpriseAccount>;

const nickname = text(Msg.accountNicknameRequired)
  .trim()
  .min(1, Msg.accountNicknameRequired)
  .max(ACCOUNT_TEXT_MAX.nickname, Msg.textTooLong);
const remarks = text().trim().max(ACCOUNT_TEXT_MAX.remarks, Msg.textTooLong);
const ipCode = text().trim().max(ACCOUNT_TEXT_MAX.ipCode, Msg.textTooLong);
/** 0: no group. */
const groupId = int(0, INT_MAX);

/** POST /api/member.EnterpriseAccount/add: a new account (pid for a sub-account). */
export const accountAddBody = z.object({
  nickname,
  platform_id: id(Msg.platformRequired),
  remarks: remarks.optional().default(''),
  group_id: groupId.optional().default(0),
  ip_code: ipCode.optional().default(''),
  pid: int(0, INT_MAX).optional().default(0),
  avatar_larger: text().trim().max(1024, Msg.textTooLong).optional().default(''),
});
export type AccountAddBody = z.input<typeof accountAddBody>;

/** POST /api/member.EnterpriseAccount/edit: remarks, group and proxy; absent fields stay. */
export const accountEditBody = z.object({
  enterprise_account_id: id(),
  remarks: remarks.optional(),
  group_id: groupId.optional(),
  ip_code: ipCode.optional(),
});
export type AccountEditBody = z.input<typeof accountEditBody>;

/** POST /api/member.EnterpriseAccount/dele: ids (comma list); sub-accounts go with their parent. */
export const accountDeleteBody = z.object({ ids: requiredIdList(Msg.selectAccounts) });

/** POST /api/member.EnterpriseAccount/editgroup: moves accounts into a group (0: no group). */
export const accountMoveBody = z.object({
  ids: requiredIdList(Msg.selectAccounts),
  group_id: groupId,
});

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
export const groupListQuery = z.object({ page: pageNumber, limit: pageSize(0, GROUP_TAG_LIST_LIMIT, 0) });
export const groupList = pagedOf(accountGroup);
export type GroupList = Paged<AccountGroup>;

/** POST /api/member.EnterpriseAccountGroup/add: the shared group body (account groups have no description). */
export const accountGroupAddBody = groupAddBody.pick({ group_name: true });
export const groupAdded = z.object({ group_id: z.number().int() });

/** POST /api/member.EnterpriseAccountGroup/edit: renames a group. */
export const accountGroupEditBody = groupEditBody.pick({ group_id: true, group_name: true });
export type AccountGroupEditBody = z.input<typeof accountGroupEditBody>;

/** A publishing platform (SPEC §3). */
export const platform = z.object({
  platform_id: z.number().int(),
  platform_name: z.string(),
  platform_logo_url: z.string(),
});
export type Platform = z.infer<typeof platform>;

/** Largest page of the platform list. */
const PLATFORM_LIST_MAX = 1000;

/** POST /api/setting.Platform/list?remarks=&page=1&limit=0: remarks filters by name; limit 0 means all. */
export const platformListQuery = z.object({
  remarks: text().trim().max(64, Msg.textTooLong).optional().default(''),
  page: pageNumber,
  limit: pageSize(0, PLATFORM_LIST_MAX, 0),
});
export const platformList = pagedOf(platform);
export type PlatformList = Paged<Platform>;

/** cookie_auth_status values a client may set: 0 unauthorized, 1 authorized, 2 expired. */
const cookieAuthStatus = int(0, 2);

/** POST /api/customer.AuthPlatform/authCkStatus: the desktop re-authorized one account. */
export const authCkStatusBody = z.object({
  enterprise_account_id: id(),
  cookie_auth_status: cookieAuthStatus.optional().default(1),
  /** Why it changed, as the desktop tells it; a catalogue reason is used when empty. */
  reason: text().trim().max(255, Msg.textTooLong).optional().default(''),
});
export type AuthCkStatusBody = z.input<typeof authCkStatusBody>;

/** POST /api/customer.AuthPlatform/authCkAllStatus: the desktop's start-up check, one batch per outcome. */
export const authCkAllStatusBody = z.object({
  enterprise_account_id: idList,
  cookie_auth_status: cookieAuthStatus,
  reason: text().trim().max(255, Msg.textTooLong).optional().default(''),
});

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
  enterprise_account_id: id(),
  page: pageNumber,
  limit: pageSize(1, 200, 20),
});
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
  ...AccountReads,
  add: '/api/member.EnterpriseAccount/add',
  edit: '/api/member.EnterpriseAccount/edit',
  dele: '/api/member.EnterpriseAccount/dele',
  editGroup: '/api/member.EnterpriseAccount/editgroup',
  import: '/api/member.EnterpriseAccount/import',
  importTemplate: '/api/member.EnterpriseAccount/importTemplate',
  importErrorFile: '/api/member.EnterpriseAccount/importErrorFile',
  export: '/api/member.EnterpriseAccount/export',
  groupAdd: '/api/member.EnterpriseAccountGroup/add',
  groupEdit: '/api/member.EnterpriseAccountGroup/edit',
  groupDele: '/api/member.EnterpriseAccountGroup/dele',
  authCkStatus: '/api/customer.AuthPlatform/authCkStatus',
  authCkAllStatus: '/api/customer.AuthPlatform/authCkAllStatus',
} as const;
