import { z } from 'zod';
import { FileSettingReads } from './file-setting-reads.ts';

/** Upload settings, and the tus endpoint of resumable uploads (POST, HEAD, PATCH, DELETE; `/:name` per upload). */
export const FileSettingApi = {
  ...FileSettingReads,
  tus: '/api/file.Upload/tus',
} as const;

/** Storage drivers the server can run (ARCHITECTURE: local by default, any S3-compatible bucket). */
export const storageDriver = z.enum(['local', 's3']);

/**
 * GET /api/file.Setting/info: what the client needs to upload. It never carries a long-lived
 * secret; the client refreshes it every STORAGE_INFO_REFRESH_MS.
 */
export const storageInfo = z.object({
  driver: storageDriver,
  /** The tus endpoint of resumable uploads. */
  upload_endpoint: z.string(),
  /** Upload chunk size, bytes. */
  chunk_size: z.number().int().positive(),
  /** Base URL under which stored objects are read. */
  public_base_url: z.string(),
  /** Largest console upload, MB. */
  max_size_mb: z.number().int().positive(),
  /** Largest file of the general uploader, MB. */
  general_max_size_mb: z.number().int().positive(),
  /** Files one add may register (app config max_file_num). */
  max_file_num: z.number().int().positive(),
  /** How many days a new material is kept (the member's level); 0 keeps it forever. */
  retention_days: z.number().int().nonnegative(),
  /** Bytes the member's level grants, uses and has left. */
  space_total: z.number(),
  space_used: z.number(),
  space_free: z.number(),
});
export type StorageInfo = z.infer<typeof storageInfo>;
