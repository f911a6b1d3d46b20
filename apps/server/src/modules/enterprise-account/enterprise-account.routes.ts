import multipart from '@fastify/multipart';
import { groupDeleteBody, IMPORT_ERROR_FILE_NAME } from '@vidmatrix/contract/api/common';
import {
  ACCOUNT_EXPORT_NAME,
  ACCOUNT_IMPORT_TEMPLATE_NAME,
  AccountApi,
  accountAddBody,
  accountAdded,
  accountDeleteBody,
  accountEditBody,
  accountExportQuery,
  accountGroupAddBody,
  accountGroupEditBody,
  accountList,
  accountListQuery,
  accountMoveBody,
  authChanged,
  authCkAllStatusBody,
  authCkStatusBody,
  authLogList,
  authLogQuery,
  groupAdded,
  groupList,
  groupListQuery,
  importErrorFileQuery,
  importResult,
  selectorAccountQuery,
  type ImportResult,
} from '@vidmatrix/contract/api/enterprise-account';
import { IMPORT_MAX_FILES, IMPORT_MAX_MB } from '@vidmatrix/contract/constants';
import { Code, emptyEnvelope, envelopeOf, fail, ok } from '@vidmatrix/contract/envelope';
import { fillMsg, Msg } from '@vidmatrix/contract/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sendXlsx } from '../../lib/xlsx.ts';
import { currentMember } from '../auth/request-member.ts';

const MB = 1024 * 1024;

function refusedImport(errorMsg: string): ImportResult {
  return { importStatus: 0, addCount: 0, updateCount: 0, failCount: 0, errorMsg, errorFileURL: '' };
}

/** Enterprise accounts, account groups, import/export and account authorization (SPEC §7). */
export const enterpriseAccountRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { accounts, accountGroups, accountAuth, accountImport } = app.services;
  const secured = { tags: ['enterprise-account'], security: [{ memberToken: [] }] };
  const member = { preHandler: app.authenticate };

  // Scoped to this module; skipped when an outer scope already parses multipart.
  if (!app.hasRequestDecorator('isMultipart')) {
    void app.register(multipart);
  }

  app.get(
    AccountApi.list,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Main accounts (page, limit ≤ 800), sub-accounts nested as children',
        querystring: accountListQuery,
        response: { 200: envelopeOf(accountList) },
      },
    },
    async (request) => ok(await accounts.list(currentMember(request).memberId, request.query)),
  );

  app.get(
    AccountApi.selectorList,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Every matching account, flat (limit 0: all)',
        querystring: selectorAccountQuery,
        response: { 200: envelopeOf(accountList) },
      },
    },
    async (request) => ok(await accounts.selectorList(currentMember(request).memberId, request.query)),
  );

  app.post(
    AccountApi.add,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Add an account (quota enforced)',
        body: accountAddBody,
        response: { 200: envelopeOf(accountAdded) },
      },
    },
    async (request) =>
      ok({ enterprise_account_id: await accounts.add(currentMember(request).memberId, request.body) }, Msg.added),
  );

  app.post(
    AccountApi.edit,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Edit remarks, group and proxy',
        body: accountEditBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await accounts.edit(currentMember(request).memberId, request.body);
      return ok(null, Msg.updated);
    },
  );

  app.post(
    AccountApi.dele,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Delete accounts and their sub-accounts',
        body: accountDeleteBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await accounts.remove(currentMember(request).memberId, request.body.ids);
      return ok(null, Msg.deleted);
    },
  );

  app.post(
    AccountApi.editGroup,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Move accounts into a group (0: none)',
        body: accountMoveBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await accounts.move(currentMember(request).memberId, request.body.ids, request.body.group_id);
      return ok(null, Msg.updated);
    },
  );

  app.get(
    AccountApi.authLog,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Authorization changes of an account, newest first',
        querystring: authLogQuery,
        response: { 200: envelopeOf(authLogList) },
      },
    },
    async (request) => ok(await accountAuth.authLog(currentMember(request).memberId, request.query)),
  );

  app.post(
    AccountApi.import,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Import accounts from xlsx (multipart field file; ≤ IMPORT_MAX_MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(importResult) },
      },
    },
    async (request) => {
      const memberId = currentMember(request).memberId;
      if (!request.isMultipart()) {
        return ok(refusedImport(Msg.importFileRequired));
      }
      const file = await request.file({ limits: { fileSize: IMPORT_MAX_MB * MB, files: IMPORT_MAX_FILES } });
      if (!file) {
        return ok(refusedImport(Msg.importFileRequired));
      }
      const tooLarge = ok(refusedImport(fillMsg(Msg.fileTooLarge, { n: IMPORT_MAX_MB })));
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
          return tooLarge;
        }
        throw error;
      }
      // toBuffer may miss the limit when it lands on the last chunk; `truncated` is final at the end.
      if (file.file.truncated) {
        return tooLarge;
      }
      return ok(await accountImport.importFile(memberId, { fileName: file.filename, data }));
    },
  );

  // Public: the template holds no member data, so a plain link can download it.
  app.get(
    AccountApi.importTemplate,
    { schema: { tags: ['enterprise-account'], summary: 'The account import template (xlsx)' } },
    (_request, reply) => sendXlsx(reply, ACCOUNT_IMPORT_TEMPLATE_NAME, accountImport.importTemplate()),
  );

  app.get(
    AccountApi.importErrorFile,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Failed rows of an import (xlsx, with 失败原因)',
        querystring: importErrorFileQuery,
      },
    },
    async (request, reply) => {
      const stream = await accountImport.importErrorFile(currentMember(request).memberId, request.query.import_id);
      return sendXlsx(reply, IMPORT_ERROR_FILE_NAME, stream);
    },
  );

  app.get(
    AccountApi.export,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Export matching accounts as xlsx; JSON {code: 0, msg: 暂无数据} when none match',
        querystring: accountExportQuery,
      },
    },
    async (request, reply) => {
      const stream = await accountImport.exportAccounts(currentMember(request).memberId, request.query);
      if (!stream) {
        return reply.send(fail(Msg.noData, Code.exportMessage));
      }
      return sendXlsx(reply, `${ACCOUNT_EXPORT_NAME}.xlsx`, stream);
    },
  );

  app.get(
    AccountApi.groupList,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Account groups (limit 0: all)',
        querystring: groupListQuery,
        response: { 200: envelopeOf(groupList) },
      },
    },
    async (request) => ok(await accountGroups.list(currentMember(request).memberId, request.query)),
  );

  app.post(
    AccountApi.groupAdd,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Add a group',
        body: accountGroupAddBody,
        response: { 200: envelopeOf(groupAdded) },
      },
    },
    async (request) =>
      ok({ group_id: await accountGroups.add(currentMember(request).memberId, request.body.group_name) }, Msg.added),
  );

  app.post(
    AccountApi.groupEdit,
    {
      ...member,
      schema: { ...secured, summary: 'Rename a group', body: accountGroupEditBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await accountGroups.rename(currentMember(request).memberId, request.body.group_id, request.body.group_name);
      return ok(null, Msg.updated);
    },
  );

  app.post(
    AccountApi.groupDele,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Delete a group; its accounts fall back to no group',
        body: groupDeleteBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await accountGroups.remove(currentMember(request).memberId, request.body.group_id);
      return ok(null, Msg.deleted);
    },
  );

  app.post(
    AccountApi.authCkStatus,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Set one account’s cookie_auth_status (desktop re-authorization); logged',
        body: authCkStatusBody,
        response: { 200: envelopeOf(authChanged) },
      },
    },
    async (request) =>
      ok({ changed: await accountAuth.authCkStatus(currentMember(request).memberId, request.body) }, Msg.authSuccess),
  );

  app.post(
    AccountApi.authCkAllStatus,
    {
      ...member,
      schema: {
        ...secured,
        summary: 'Set cookie_auth_status of many accounts (desktop start-up check); changes logged',
        body: authCkAllStatusBody,
        response: { 200: envelopeOf(authChanged) },
      },
    },
    async (request) =>
      ok({ changed: await accountAuth.authCkAllStatus(currentMember(request).memberId, request.body) }),
  );

  done();
};
