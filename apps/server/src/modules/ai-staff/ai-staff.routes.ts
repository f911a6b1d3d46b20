import { aiPublishOverview, aiReport, aiReportBody, AiStaffApi, todoList } from '@vidmatrix/contract/api/ai-staff';
import { envelopeOf, ok } from '@vidmatrix/contract/envelope';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember } from '../auth/request-member.ts';

/** The AI数据员工's daily report and the AI运营员工's to-do list: the member's own figures and work. */
export const aiStaffRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { aiReport: reports, aiTodos, aiPublish } = app.services;
  const secured = { tags: ['console'], security: [{ memberToken: [] }] };

  app.post(
    AiStaffApi.report,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "A day's posts by platform and review state, and the week's leads, replies and storage",
        body: aiReportBody,
        response: { 200: envelopeOf(aiReport) },
      },
    },
    async (request) => ok(await reports.report(currentMember(request).memberId, request.body)),
  );

  app.post(
    AiStaffApi.todos,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Work waiting for the member, built from its rows',
        response: { 200: envelopeOf(todoList) },
      },
    },
    async (request) => ok(await aiTodos.todos(currentMember(request).memberId)),
  );

  app.post(
    AiStaffApi.publish,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: "The member's publishing: jobs by state today and this week, next posts, accounts and runners",
        response: { 200: envelopeOf(aiPublishOverview) },
      },
    },
    async (request) => ok(await aiPublish.overview(currentMember(request).memberId)),
  );
  done();
};
