import { z } from 'zod';

/** What the server found for video work (ffmpeg/ffprobe), shown on /debugger. */
export const mediaToolsStatus = z.object({
  /** Where ffmpeg came from: FFMPEG_PATH, the system PATH, the npm-shipped binary, or nowhere. */
  source: z.enum(['env', 'path', 'npm', 'none']),
  /** `ffmpeg -version`'s version text ('' when none was found). */
  version: z.string(),
  /** True when ffmpeg ≥ 5 (clip rendering needs xfade and sidechain ducking). */
  clip_ready: z.boolean(),
  /** What to install when something is missing or too old ('' when all is well). */
  hint: z.string(),
});
export type MediaToolsStatus = z.infer<typeof mediaToolsStatus>;

/** GET /healthz: the database answers; the media tools as found at start. */
export const healthResult = z.object({
  status: z.literal('ok'),
  db: z.literal('ok'),
  media: mediaToolsStatus,
});
export type HealthResult = z.infer<typeof healthResult>;

/** Path of the health check (load balancers and /debugger). */
export const HEALTH_PATH = '/healthz';

/** The served OpenAPI document's UI (@fastify/swagger-ui; the document itself at `/json` and `/yaml` beneath). */
export const DocsApi = { ui: '/api/docs' } as const;
