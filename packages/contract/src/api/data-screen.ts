import { z } from 'zod';
import { DataScreenReads } from './data-screen-reads.ts';

/** The large data screen's call. */
export const DataScreenApi = {
  ...DataScreenReads,
} as const;

/** Days the data screen's daily series cover (today included). */
export const DATA_SCREEN_DAYS = 14;

/** One platform's accounts and their authorization health (cookie_auth_status). */
export const platformAccounts = z.object({
  platform_id: z.number().int(),
  platform_name: z.string(),
  total: z.number().int(),
  /** cookie_auth_status 1. */
  authorized: z.number().int(),
  /** cookie_auth_status 2: cookies no longer work. */
  expired: z.number().int(),
  /** Never authorized. */
  unauthorized: z.number().int(),
});

/** GET /api/console.DataScreen/overview: the member's matrix on the large data screen. */
export const dataScreenOverview = z.object({
  accounts: z.array(platformAccounts),
  materials: z.object({
    video: z.number().int(),
    image: z.number().int(),
    audio: z.number().int(),
    /** Bytes the member's files take. */
    space_used: z.number(),
    /** Bytes the level allows. */
    space_limit: z.number(),
  }),
  /** `YYYY-MM-DD` (UTC+8), oldest first; the series below follow these days. */
  days: z.array(z.string()),
  leads: z.array(z.number().int()),
  messages_in: z.array(z.number().int()),
  messages_out: z.array(z.number().int()),
  published: z.array(z.number().int()),
  failed: z.array(z.number().int()),
  /** published ÷ (published + failed) over the days, 0–1; null when nothing finished. */
  success_rate: z.number().nullable(),
  /** When the figures were read (`YYYY-MM-DD HH:mm:ss`). */
  updated_at: z.string(),
});
export type DataScreenOverview = z.infer<typeof dataScreenOverview>;
