import {
  MATERIAL_DOWNLOAD_NAME,
  MaterialDownloadApi,
  materialDownloadQuery,
} from '@vidmatrix/contract/api/material-download';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { attachmentHeader } from '../../lib/xlsx.ts';
import { currentMember } from '../auth/request-member.ts';

/** file.File/batchDownload: the chosen materials as one streamed zip (§6 is_batch_download). */
export const materialDownloadRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { materialDownload } = app.services;

  app.get(
    MaterialDownloadApi.batchDownload,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['file'],
        security: [{ memberToken: [] }],
        summary: 'Download the chosen materials as one zip (at most batch_download_max)',
        querystring: materialDownloadQuery,
      },
    },
    async (request, reply) => {
      const zip = await materialDownload.download(currentMember(request).memberId, request.query);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', attachmentHeader(MATERIAL_DOWNLOAD_NAME))
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  done();
};
