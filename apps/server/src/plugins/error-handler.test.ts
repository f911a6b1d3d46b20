import { materialAddBody } from '@vidmatrix/contract/api/material';
import { Msg } from '@vidmatrix/contract/messages';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { setupErrorHandler } from './error-handler.ts';

describe('setupErrorHandler', () => {
  it('answers a ZodError a handler throws with the contract mapping, never zod English', async () => {
    const app = Fastify();
    setupErrorHandler(app);
    app.post('/typed', (request) => materialAddBody.parse(request.body));
    const wrongType = await app.inject({ method: 'POST', url: '/typed', payload: { file_url: 123 } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ code: 400, msg: Msg.invalidParams, data: null });
    const missing = await app.inject({ method: 'POST', url: '/typed', payload: { file_url: '' } });
    expect(missing.json()).toMatchObject({ code: 400, msg: Msg.fileRequired });
    await app.close();
  });
});
