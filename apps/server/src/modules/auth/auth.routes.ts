import {
  captchaResult,
  changePasswordBody,
  loginBody,
  loginResult,
  registerBody,
  AuthApi,
} from '@vidmatrix/contract/api/auth';
import { LOGIN_RATE_PER_MINUTE } from '@vidmatrix/contract/constants';
import { emptyEnvelope, envelopeOf, ok } from '@vidmatrix/contract/envelope';
import { Msg } from '@vidmatrix/contract/messages';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { currentMember, tokenOf } from './request-member.ts';

/** Per-address limit of the sign-in, sign-up and captcha routes. */
const signInRateLimit = { rateLimit: { max: LOGIN_RATE_PER_MINUTE, timeWindow: 60_000 } };

/** Login, logout, captcha, register and change password. */
export const authRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const { auth, agents } = app.services;

  app.get(
    AuthApi.captcha,
    {
      config: signInRateLimit,
      schema: { tags: ['auth'], summary: 'A fresh image captcha', response: { 200: envelopeOf(captchaResult) } },
    },
    async () => ok(await auth.createCaptcha()),
  );

  app.post(
    AuthApi.login,
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in; returns the three tokens',
        body: loginBody,
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request) => ok(await auth.login(request.body, request.ip, request.headers['user-agent'] ?? '')),
  );

  // Tolerant on purpose: a client signing out with a dead token should not see the 401 dialog.
  app.post(
    AuthApi.logout,
    { schema: { tags: ['auth'], summary: 'Revoke the tokens of this login', response: { 200: emptyEnvelope } } },
    async (request) => {
      await auth.logout(tokenOf(request));
      return ok(null, Msg.loggedOut);
    },
  );

  app.post(
    AuthApi.register,
    {
      config: signInRateLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign up (captcha required); returns the three tokens',
        body: registerBody,
        response: { 200: envelopeOf(loginResult) },
      },
    },
    async (request) => {
      // Members who sign up on an agent's own domain belong to that agent.
      const brand = await agents.brandForHost(request.hostname);
      const client = { ip: request.ip, device: request.headers['user-agent'] ?? '' };
      return ok(await auth.register(request.body, client, brand?.agentId ?? null), Msg.registered);
    },
  );

  app.post(
    AuthApi.changePassword,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['member'],
        summary: 'Change the password; other logins end',
        security: [{ memberToken: [] }],
        body: changePasswordBody,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await auth.changePassword(currentMember(request), request.body);
      return ok(null, Msg.updated);
    },
  );

  done();
};
