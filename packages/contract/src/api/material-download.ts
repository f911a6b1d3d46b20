import { z } from 'zod';
import { Msg } from '../messages.ts';
import { requiredIdList } from './common.ts';

/** GET /api/file.File/batchDownload: the chosen materials (ids, comma list) as one streamed zip (§6). */
export const materialDownloadQuery = z.object({ ids: requiredIdList(Msg.chooseMaterial) });

/** File name of the batch-download zip. */
export const MATERIAL_DOWNLOAD_NAME = '素材.zip';

/** API path of the batch download (server route and client button name it once). */
export const MaterialDownloadApi = { batchDownload: '/api/file.File/batchDownload' } as const;
