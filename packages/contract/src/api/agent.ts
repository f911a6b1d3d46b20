import { z } from 'zod';
import { Msg } from '../messages.ts';
import { text } from './common.ts';
import { imageDataUrl, mobilePhone } from './user-center.ts';
import { AgentReads } from './agent-reads.ts';

/** The agent centre's calls. */
export const AgentApi = {
  ...AgentReads,
  apply: '/api/agent.Agent/apply',
  updateBrand: '/api/agent.Agent/updateBrand',
  uploadLogo: '/api/agent.Agent/uploadLogo',
} as const;

/** Application states of the agent programme. */
export const AgentApplicationStatus = { pending: 0, approved: 1, rejected: 2 } as const;

/** POST /api/agent.Agent/apply: the /agentCenter application form. */
export const agentApplyBody = z.object({
  company: text(Msg.agentCompanyRequired).trim().min(1, Msg.agentCompanyRequired).max(64, Msg.textTooLong),
  contact: text(Msg.agentContactRequired).trim().min(1, Msg.agentContactRequired).max(32, Msg.textTooLong),
  phone: mobilePhone.refine((v) => v !== '', Msg.phoneFormat),
  region: text().trim().max(64, Msg.textTooLong).optional().default(''),
  note: text().trim().max(500, Msg.textTooLong).optional().default(''),
});
export type AgentApplyBody = z.input<typeof agentApplyBody>;

/** The member's latest application. */
export const agentApplication = z.object({
  id: z.number().int(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  region: z.string(),
  note: z.string(),
  /** AgentApplicationStatus. */
  status: z.number().int(),
  created_at: z.string(),
});
export type AgentApplication = z.infer<typeof agentApplication>;

/** An agent's white-label brand. */
export const agentBrand = z.object({
  name: z.string(),
  logo_white: z.string(),
  logo_black: z.string(),
  is_wechat_service: z.number().int(),
  /** The agent's own host name; empty when none. */
  domain: z.string(),
});
export type AgentBrand = z.infer<typeof agentBrand>;

/** GET /api/agent.Agent/center: what /agentCenter shows the signed-in member. */
export const agentCenter = z.object({
  /** Null when the member has not applied. */
  application: agentApplication.nullable(),
  /** Null when the member is not an agent. */
  brand: agentBrand.nullable(),
  /** Members who registered on the agent's domain (agents only; 0 otherwise). */
  member_count: z.number().int(),
});
export type AgentCenter = z.infer<typeof agentCenter>;

/** Host names: letters, digits, dots and hyphens, at least one dot; no scheme, port or path. */
const hostName = text()
  .trim()
  .toLowerCase()
  .max(253, Msg.domainFormat)
  .regex(/^((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z][a-z0-9-]{0,62}$|^$/, Msg.domainFormat);

/** POST /api/agent.Agent/updateBrand: an agent's name, logos, wechat-service flag and domain. */
export const agentBrandBody = z.object({
  name: text(Msg.agentNameRequired).trim().min(1, Msg.agentNameRequired).max(32, Msg.textTooLong),
  logo_white: text().max(512).optional().default(''),
  logo_black: text().max(512).optional().default(''),
  is_wechat_service: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .default(0),
  domain: hostName.optional().default(''),
});
export type AgentBrandBody = z.input<typeof agentBrandBody>;

/** POST /api/agent.Agent/uploadLogo: one logo variant as a cropped image. */
export const agentLogoBody = z.object({
  variant: z.enum(['white', 'black'], { error: Msg.invalidParams }),
  image: imageDataUrl,
});
export type AgentLogoBody = z.input<typeof agentLogoBody>;
export const agentLogoResult = z.object({ url: z.string() });
