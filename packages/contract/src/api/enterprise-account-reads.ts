// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** AccountApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const AccountReads = {
  list: '/api/member.EnterpriseAccount/list',
  selectorList: '/api/member.EnterpriseAccount/getEnterpriseAccountList',
  authLog: '/api/member.EnterpriseAccount/authLog',
  groupList: '/api/member.EnterpriseAccountGroup/list',
  platformList: '/api/setting.Platform/list',
} as const;
