import { z } from 'zod';
import { MemberReads } from './member-reads.ts';

/** The signed-in member's info, menus and level. */
export const MemberApi = {
  ...MemberReads,
} as const;

/** Agent (reseller) branding of a member (SPEC §3). */
export const agentInfo = z.object({
  is_wechat_service: z.number().int(),
  logo_white: z.string(),
  logo_black: z.string(),
});
export type AgentInfo = z.infer<typeof agentInfo>;

/** AI customer-service config of a member (SPEC §3). */
export const aiServiceInfo = z.object({
  is_ai_service: z.number().int(),
  ai_link: z.string(),
  ai_name: z.string(),
});
export type AiServiceInfo = z.infer<typeof aiServiceInfo>;

/** GET /api/member.Member/info: member info with every SPEC §3 field. */
export const memberInfo = z.object({
  member_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar_url: z.string(),
  phone: z.string(),
  role_ids: z.array(z.number().int()),
  /** Null when the member is not an agent. */
  agent: agentInfo.nullable(),
  is_ai: aiServiceInfo,
  /** 1 means a proxy is set. */
  is_ip: z.number().int(),
  /** 1 means batch download is allowed. */
  is_batch_download: z.number().int(),
  batch_download_max: z.number().int(),
  member_level: z.object({
    level_id: z.number().int(),
    level_name: z.string(),
    /** `YYYY-MM-DD HH:mm:ss` (UTC+8); empty when the membership never expires. */
    expire_time: z.string(),
  }),
});
export type MemberInfo = z.infer<typeof memberInfo>;

/** A server menu entry; `menu_url` becomes a route (SPEC §2.1, §2.3). */
export interface Menu {
  menu_id: number;
  pid: number;
  menu_name: string;
  menu_url: string;
  menu_icon: string;
  /** Avatar of an AI staff entry; empty for ordinary menus. */
  avatar_url: string;
  children: Menu[];
}
export const menu: z.ZodType<Menu> = z
  .lazy(() =>
    z.object({
      menu_id: z.number().int(),
      pid: z.number().int(),
      menu_name: z.string(),
      menu_url: z.string(),
      menu_icon: z.string(),
      avatar_url: z.string(),
      children: z.array(menu),
    }),
  )
  .meta({ id: 'Menu' }); // a named component: the recursion becomes a $ref OpenAPI tools resolve

/** POST /api/member.Member/noAuthinfo: data.menus. */
export const menusResult = z.object({ menus: z.array(menu) });
export type MenusResult = z.infer<typeof menusResult>;

/** GET /api/console.Console/getShopLevelsetting: level info (SPEC §3); space in bytes. */
export const levelInfo = z.object({
  level: z.object({
    level_id: z.number().int(),
    level_name: z.string(),
    account_num: z.number().int(),
    space_storage: z.number(),
  }),
  level_user: z.object({
    account_num: z.number().int(),
    space_storage: z.number(),
    expire_time: z.string(),
  }),
});
export type LevelInfo = z.infer<typeof levelInfo>;
