import { groupAddBody, groupDeleteBody, groupEditBody, isPlainText } from '@vidmatrix/contract/api/common';
import {
  deleteObjectsBody,
  editGroupBody,
  editTagBody,
  groupTagListQuery,
  idsBody,
  material,
  materialAddBody,
  materialEditBody,
  materialGroups,
  materialInfoQuery,
  materialList,
  materialListQuery,
  materialTags,
  materialUploadFields,
  tagAddBody,
  tagDeleBody,
  tagEditBody,
  uploadedFile,
  uploadedFiles,
  MaterialApi,
} from '@vidmatrix/contract/api/material';
import { CLOUD_UPLOAD_MAX_MB } from '@vidmatrix/contract/constants';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import { MB } from '@vidmatrix/contract/rules/upload';
import multipart from '@fastify/multipart';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { currentMember } from '../auth/request-member.ts';

/** The material library: file.File/*, file.Group/*, file.Tag/*. */
export const materialRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { materials, uploads } = app.services;

  // Scoped to this module; skipped when an outer scope already parses multipart.
  if (!app.hasRequestDecorator('isMultipart')) {
    void app.register(multipart, { limits: { fileSize: CLOUD_UPLOAD_MAX_MB * MB, files: 1, fields: 10 } });
  }

  const member = { preHandler: app.authenticate };
  const doc = (summary: string) => ({ tags: ['file'], summary, security: [{ memberToken: [] }] });

  app.post(
    MaterialApi.list,
    {
      ...member,
      schema: {
        ...doc('Materials of the member'),
        querystring: materialListQuery,
        response: { 200: envelopeOf(materialList) },
      },
    },
    async (request) => ok(await materials.list(currentMember(request).memberId, request.query)),
  );

  app.post(
    MaterialApi.info,
    {
      ...member,
      schema: { ...doc('One material'), querystring: materialInfoQuery, response: { 200: envelopeOf(material) } },
    },
    async (request) => ok(await materials.info(currentMember(request).memberId, request.query.file_id)),
  );

  app.post(
    MaterialApi.add,
    {
      ...member,
      schema: {
        ...doc('Registers finished uploads (type url) or stores a multipart file (type upl)'),
        response: { 200: envelopeOf(z.union([uploadedFiles, uploadedFile])) },
      },
    },
    async (request) => {
      const memberId = currentMember(request).memberId;
      if (request.isMultipart()) {
        const file = await request.file();
        if (!file) {
          throw badRequest(Msg.fileRequired);
        }
        const fields = materialUploadFields.safeParse(
          Object.fromEntries(
            Object.entries(file.fields).flatMap(([name, field]) =>
              field && !Array.isArray(field) && field.type === 'field' ? [[name, String(field.value)]] : [],
            ),
          ),
        );
        if (!fields.success || !isPlainText(file.filename)) {
          file.file.resume();
          throw fields.success ? badRequest(Msg.invalidParams) : fields.error;
        }
        // The upload module stores and checks the file; the library registers it.
        const upload = await uploads.storeDirect(memberId, file.filename, file.file, CLOUD_UPLOAD_MAX_MB);
        const result = await materials.addFromMultipart(memberId, upload, fields.data);
        return ok(result, Msg.uploaded);
      }
      // Validated here, not by the route schema, because the same path also takes multipart.
      const body = materialAddBody.parse(request.body);
      return ok(await materials.addFromUploads(memberId, body), Msg.added);
    },
  );

  app.post(
    MaterialApi.edit,
    { ...member, schema: { ...doc('Edits a material'), body: materialEditBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await materials.edit(currentMember(request).memberId, request.body);
      return ok({}, Msg.updated);
    },
  );

  app.post(
    MaterialApi.dele,
    { ...member, schema: { ...doc('Deletes materials'), body: idsBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await materials.remove(currentMember(request).memberId, request.body.ids);
      return ok({}, Msg.deleted);
    },
  );

  app.post(
    MaterialApi.editTag,
    {
      ...member,
      schema: { ...doc('Sets the tags of materials'), body: editTagBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await materials.editTags(currentMember(request).memberId, request.body.ids, request.body.tag_ids);
      return ok({}, Msg.updated);
    },
  );

  app.post(
    MaterialApi.editGroup,
    {
      ...member,
      schema: { ...doc('Moves materials to a group'), body: editGroupBody, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await materials.editGroup(currentMember(request).memberId, request.body.ids, request.body.group_id);
      return ok({}, Msg.updated);
    },
  );

  app.post(
    MaterialApi.deleteObjects,
    {
      ...member,
      schema: {
        ...doc('Deletes own unregistered uploads under media/'),
        body: deleteObjectsBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await uploads.discard(currentMember(request).memberId, request.body.file_paths);
      return ok({}, Msg.deleted);
    },
  );

  app.post(
    MaterialApi.groupList,
    {
      ...member,
      schema: {
        ...doc('Material groups'),
        querystring: groupTagListQuery,
        response: { 200: envelopeOf(materialGroups) },
      },
    },
    async (request) => ok(await materials.groups(currentMember(request).memberId, request.query.limit)),
  );

  app.post(
    MaterialApi.groupAdd,
    { ...member, schema: { ...doc('Adds a group'), body: groupAddBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      const id = await materials.addGroup(
        currentMember(request).memberId,
        request.body.group_name,
        request.body.group_desc,
      );
      return ok({ group_id: id }, Msg.added);
    },
  );

  app.post(
    MaterialApi.groupEdit,
    { ...member, schema: { ...doc('Renames a group'), body: groupEditBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      const { group_id, group_name, group_desc } = request.body;
      await materials.editGroupInfo(currentMember(request).memberId, group_id, group_name, group_desc);
      return ok({}, Msg.updated);
    },
  );

  app.post(
    MaterialApi.groupDele,
    { ...member, schema: { ...doc('Deletes a group'), body: groupDeleteBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await materials.deleteGroup(currentMember(request).memberId, request.body.group_id);
      return ok({}, Msg.deleted);
    },
  );

  app.post(
    MaterialApi.tagList,
    {
      ...member,
      schema: { ...doc('Material tags'), querystring: groupTagListQuery, response: { 200: envelopeOf(materialTags) } },
    },
    async (request) => ok(await materials.tags(currentMember(request).memberId, request.query.limit)),
  );

  app.post(
    MaterialApi.tagAdd,
    { ...member, schema: { ...doc('Adds a tag'), body: tagAddBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      const id = await materials.addTag(currentMember(request).memberId, request.body.tag_name, request.body.tag_desc);
      return ok({ tag_id: id }, Msg.added);
    },
  );

  app.post(
    MaterialApi.tagEdit,
    { ...member, schema: { ...doc('Renames a tag'), body: tagEditBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      const { tag_id, tag_name, tag_desc } = request.body;
      await materials.editTagInfo(currentMember(request).memberId, tag_id, tag_name, tag_desc);
      return ok({}, Msg.updated);
    },
  );

  app.post(
    MaterialApi.tagDele,
    { ...member, schema: { ...doc('Deletes a tag'), body: tagDeleBody, response: { 200: emptyEnvelope } } },
    async (request) => {
      await materials.deleteTag(currentMember(request).memberId, request.body.tag_id);
      return ok({}, Msg.deleted);
    },
  );

  done();
};
