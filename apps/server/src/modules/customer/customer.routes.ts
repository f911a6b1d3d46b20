import {
  LEAD_EXPORT_NAME,
  WEBHOOK_MEMBER_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  chatMessage,
  conversationBody,
  leadListQuery,
  leadListResult,
  leadUpdateBody,
  privateListResult,
  replyBody,
  threadResult,
  webhookMessageBody,
  webhookMessageResult,
  webhookSecretResult,
  LEAD_STATUS_LABEL,
  LEAD_INTENT_LABEL,
  LEAD_KIND_LABEL,
  MESSAGE_SOURCE_LABEL,
  CustomerApi,
} from '@vidmatrix/contract/api/customer';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendXlsx, xlsxStream } from '../../lib/xlsx.ts';
import { currentMember } from '../auth/request-member.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The unparsed body of a webhook call: signatures are computed over these bytes. */
    rawBody?: Buffer;
  }
}

const WEBHOOK_DESCRIPTION = [
  'Inbound customer message from a platform connector or the desktop client.',
  `Sign it with the member's webhook secret (GET ${CustomerApi.webhookSecret}):`,
  `\`${WEBHOOK_MEMBER_HEADER}\`: the member id;`,
  `\`${WEBHOOK_TIMESTAMP_HEADER}\`: unix seconds, within 5 minutes of the server clock;`,
  `\`${WEBHOOK_SIGNATURE_HEADER}\`: \`sha256=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>\`.`,
  'Bad signatures, stale timestamps and replays (the same signature twice) answer 401.',
  'The message is stored, scored for buying intent and contacts (the lead of its customer), and `send_msg` is pushed on /websocket.',
].join('\n');

/** Customer conversations, replies, leads and the signed inbound webhook. */
export const customerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { customers, inbox } = app.services;
  const secured = { tags: ['customer'], security: [{ memberToken: [] }] };
  const member = (request: FastifyRequest) => currentMember(request).memberId;

  app.post(
    CustomerApi.privateList,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Message list (read_num: unread)',
        response: { 200: envelopeOf(privateListResult) },
      },
    },
    async (request) => ok({ list: await customers.privateList(member(request)) }),
  );

  app.post(
    CustomerApi.thread,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Messages of a conversation',
        body: conversationBody,
        response: { 200: envelopeOf(threadResult) },
      },
    },
    async (request) => ok(await customers.thread(member(request), request.body.conversation_id)),
  );

  app.post(
    CustomerApi.markRead,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Mark a conversation read',
        body: conversationBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await customers.markRead(member(request), request.body.conversation_id);
      return ok({});
    },
  );

  app.post(
    CustomerApi.reply,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Reply to a customer (delivered through the account connector; state pending/sent/failed)',
        body: replyBody,
        response: { 200: envelopeOf(chatMessage) },
      },
    },
    async (request) => ok(await customers.reply(member(request), request.body.conversation_id, request.body.content)),
  );

  app.get(
    CustomerApi.leadList,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Captured leads',
        querystring: leadListQuery,
        response: { 200: envelopeOf(leadListResult) },
      },
    },
    async (request) => ok(await customers.leads(member(request), request.query)),
  );

  app.post(
    CustomerApi.leadUpdate,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Set a lead status', body: leadUpdateBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await customers.updateLead(member(request), request.body.lead_id, request.body.status);
      return ok({}, Msg.updated);
    },
  );

  app.get(
    CustomerApi.leadExport,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Leads as xlsx', querystring: leadListQuery },
    },
    async (request, reply) => {
      const leads = customers.allLeads(member(request), request.query);
      const rows = (async function* () {
        for await (const lead of leads) {
          yield [
            lead.value,
            lead.kind ? LEAD_KIND_LABEL[lead.kind] : '',
            LEAD_STATUS_LABEL[lead.status],
            LEAD_INTENT_LABEL[lead.intent],
            lead.contacts.map((c) => `${LEAD_KIND_LABEL[c.kind]} ${c.value}`).join('；'),
            lead.customer_name,
            lead.customer_id,
            lead.enterprise_account_id,
            lead.source ? MESSAGE_SOURCE_LABEL[lead.source] : '',
            lead.post_title,
            lead.link,
            lead.first_seen,
            lead.source_content,
          ];
        }
      })();
      const stream = xlsxStream({
        sheetName: LEAD_EXPORT_NAME,
        columns: [
          { header: '联系方式', width: 20 },
          { header: '类型', width: 8 },
          { header: '状态', width: 10 },
          { header: '意向', width: 10 },
          { header: '全部联系方式', width: 36 },
          { header: '客户昵称', width: 20 },
          { header: '客户ID', width: 24 },
          { header: '账号ID', width: 10 },
          { header: '来源', width: 8 },
          { header: '作品', width: 30 },
          { header: '链接', width: 40 },
          { header: '首次出现', width: 20 },
          { header: '来源消息', width: 60 },
        ],
        rows,
      });
      return sendXlsx(reply, `${LEAD_EXPORT_NAME}.xlsx`, stream);
    },
  );

  app.get(
    CustomerApi.webhookSecret,
    {
      preHandler: app.authenticate,
      schema: {
        ...secured,
        summary: 'Webhook signing secret of the member',
        response: { 200: envelopeOf(webhookSecretResult) },
      },
    },
    async (request) => ok(await customers.secret(member(request))),
  );

  app.post(
    CustomerApi.webhookRotate,
    {
      preHandler: app.authenticate,
      schema: { ...secured, summary: 'Replace the webhook secret', response: { 200: envelopeOf(webhookSecretResult) } },
    },
    async (request) => ok(await customers.rotate(member(request)), Msg.secretRotated),
  );

  // The webhook parses its own JSON so the signature is checked on the exact bytes received.
  void app.register((webhook, _opts, next) => {
    const parseJson = webhook.getDefaultJsonParser('error', 'error');
    webhook.decorateRequest('rawBody', undefined);
    webhook.decorateRequest('webhookMemberId', 0);
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, parsed) => {
      request.rawBody = body;
      // The default parser guards against prototype poisoning; it only needs the text.
      void parseJson(request, body.toString('utf8'), parsed);
    });
    void webhook.withTypeProvider<ZodTypeProvider>().post(
      CustomerApi.webhookMessage,
      {
        schema: {
          tags: ['customer'],
          summary: 'Inbound customer message (signed webhook)',
          description: WEBHOOK_DESCRIPTION,
          security: [{ webhookSignature: [] }],
          body: webhookMessageBody,
          response: { 200: envelopeOf(webhookMessageResult) },
        },
        // Refuse unsigned calls before the body is even validated.
        preValidation: async (request) => {
          request.webhookMemberId = await customers.verifyWebhook(
            {
              memberId: headerOf(request, WEBHOOK_MEMBER_HEADER),
              timestamp: headerOf(request, WEBHOOK_TIMESTAMP_HEADER),
              signature: headerOf(request, WEBHOOK_SIGNATURE_HEADER),
            },
            request.rawBody ?? Buffer.alloc(0),
          );
        },
      },
      async (request) => ok(await inbox.receive(request.webhookMemberId, request.body)),
    );
    next();
  });

  done();
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The member whose secret signed this webhook call (set by its preValidation). */
    webhookMemberId: number;
  }
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
