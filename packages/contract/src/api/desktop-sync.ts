import { z } from 'zod';

/**
 * One font of POST /api/seoaivideo.BatchPublish/getFront (SPEC §3: value, path). `size` and
 * `sha256` are optional so the shell can verify a download when the server gives them.
 */
export const fontItem = z.object({
  value: z.string(),
  path: z.string().min(1),
  size: z.number().int().nonnegative().optional(),
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/i)
    .optional(),
});
export type FontItem = z.infer<typeof fontItem>;
export const fontList = z.array(fontItem);
