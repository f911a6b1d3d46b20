// Zod-free: the request layer (in every page's first JS) imports the calls that only read, not the schemas.

/** MemberApi's calls that only read: a client may send them again after a gateway failure (read-calls.ts). */
export const MemberReads = {
  info: '/api/member.Member/info',
  menus: '/api/member.Member/noAuthinfo',
  levelInfo: '/api/console.Console/getShopLevelsetting',
} as const;
