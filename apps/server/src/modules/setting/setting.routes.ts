import {
  clientLinks,
  configCateBody,
  configValues,
  siteSetting,
  versionQuery,
  versionResult,
  SettingApi,
} from '@vidmatrix/contract/api/setting';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { brandConfigValues, brandSiteSetting } from '../agent/agent-brand.ts';

/** Public settings: site, app config, client links, version check. */
export const settingRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { settings, agents } = app.services;

  app.get(
    SettingApi.setting,
    { schema: { tags: ['setting'], summary: 'Site settings', response: { 200: envelopeOf(siteSetting) } } },
    // On an agent's own domain the agent's name and logo replace the house's.
    async (request) => ok(brandSiteSetting(await settings.siteSetting(), await agents.brandForHost(request.hostname))),
  );

  app.post(
    SettingApi.configValueCate,
    {
      schema: {
        tags: ['setting'],
        summary: 'Config values of a category (12: app config)',
        body: configCateBody,
        response: { 200: envelopeOf(configValues) },
      },
    },
    async (request) => {
      const cateId = request.body.config_cate_id;
      const brand = await agents.brandForHost(request.hostname);
      return ok(brandConfigValues(cateId, await settings.configValues(cateId), brand));
    },
  );

  app.get(
    SettingApi.clientLinks,
    {
      schema: { tags: ['setting'], summary: 'Desktop client links', response: { 200: envelopeOf(clientLinks) } },
    },
    async () => ok(await settings.clientLinks()),
  );

  app.get(
    SettingApi.versionInfo,
    {
      schema: {
        tags: ['setting'],
        summary: 'Version check of a client',
        querystring: versionQuery,
        response: { 200: envelopeOf(versionResult) },
      },
    },
    async (request) => ok(await settings.versionCheck(request.query.platform, request.query.version_code)),
  );

  done();
};
