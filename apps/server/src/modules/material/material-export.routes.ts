import { MATERIAL_EXPORT_NAME, MaterialExportApi, materialExportQuery } from '@vidmatrix/contract/api/material-export';
import { Code, fail } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendXlsx } from '../../lib/xlsx.ts';
import { currentMember } from '../auth/request-member.ts';

/** file.File/export: the member's materials (list filters) as a streamed xlsx. */
export const materialExportRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { materialExport: exporter } = app.services;

  app.get(
    MaterialExportApi.export,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['file'],
        security: [{ memberToken: [] }],
        summary: 'Export matching materials as xlsx; JSON {code: 0, msg: 暂无数据} when none match',
        querystring: materialExportQuery,
      },
    },
    async (request, reply) => {
      const stream = await exporter.exportMaterials(currentMember(request).memberId, request.query);
      if (!stream) {
        return reply.send(fail(Msg.noData, Code.exportMessage));
      }
      return sendXlsx(reply, `${MATERIAL_EXPORT_NAME}.xlsx`, stream);
    },
  );

  done();
};
