import {
  autoLoginSchema,
  checkEmailSchema,
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
  twoFactorChallengeSchema,
  unlockAccountSchema,
  userSchema,
} from '@openbroker/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, SESSION_TTL_MS } from './authPlugin.ts';
import type { RecoveryService } from './recovery.ts';
import type { RegistrationService } from './registration.ts';
import type { AuthService, ClientInfo } from './service.ts';

const sessionAnswer = z.object({ data: z.object({ user: userSchema, token: z.string() }) });
const messageAnswer = z.object({ message: z.string() });

function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export const authRoutes =
  (
    services: { auth: AuthService; registration: RegistrationService; recovery: RecoveryService },
    opts: { secureCookies: boolean },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, registration, recovery } = services;
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: opts.secureCookies,
      path: '/',
    };
    const setSessionCookie = (reply: FastifyReply, token: string) =>
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in; sets the HttpOnly session cookie and returns the token for API clients',
          body: loginSchema,
          response: { 200: z.union([sessionAnswer, z.object({ data: twoFactorChallengeSchema })]) },
        },
      },
      async (request, reply) => {
        const session = await auth.login(request.body, clientOf(request));
        // Two-factor on: the challenge for POST /auth/login/2fa (security/routes.ts), no cookie yet.
        if ('challenge' in session) return { data: session };
        setSessionCookie(reply, session.token);
        return { data: session };
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          response: { 200: z.object({ data: z.null() }) },
        },
      },
      async (request, reply) => {
        if (request.auth) await auth.logout(request.auth.user.id, request.auth.sessionId);
        void reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return { data: null };
      },
    );

    app.post(
      '/auth/check-email',
      {
        schema: {
          tags: ['auth'],
          summary: 'Is this email free to register? (SPEC §7)',
          body: checkEmailSchema,
          response: {
            200: z.object({
              success: z.boolean(),
              message: z.string(),
              data: z.object({ available: z.boolean(), country: z.string() }),
            }),
          },
        },
      },
      async (request) => {
        const header = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
        return registration.checkEmail(request.body.email, Array.isArray(header) ? header[0] : header);
      },
    );

    app.post(
      '/auth/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create a customer account (SPEC §7); pending until approved unless auto-approve is on',
          body: registrationSchema,
          response: { 201: z.object({ message: z.string(), data: userSchema }) },
        },
      },
      async (request, reply) => {
        const user = await registration.register(request.body);
        return reply.status(201).send({ message: 'Account created', data: user });
      },
    );

    app.post(
      '/auth/forgot-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Mail a reset link (same answer whether or not the email exists)',
          body: forgotPasswordSchema,
          response: { 200: messageAnswer },
        },
      },
      async (request) => ({ message: await recovery.forgotPassword(request.body.email, clientOf(request)) }),
    );

    app.post(
      '/auth/reset-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password from a reset link; ends every session',
          body: resetPasswordSchema,
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        await recovery.resetPassword(request.body.token, request.body.password);
        return { message: 'Your password has been changed. Please sign in with your new password.' };
      },
    );

    app.post(
      '/auth/unlock',
      {
        schema: {
          tags: ['auth'],
          summary: 'Redeem the unlock link mailed when wrong passwords paused sign-in; clears the pause',
          body: unlockAccountSchema,
          response: { 200: messageAnswer },
        },
      },
      async (request) => ({ message: await recovery.unlock(request.body.token) }),
    );

    app.post(
      '/auth/auto-login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a one-time sign-in link for a session',
          body: autoLoginSchema,
          response: { 200: sessionAnswer },
        },
      },
      async (request, reply) => {
        const session = await recovery.autoLogin(request.body.token, clientOf(request));
        setSessionCookie(reply, session.token);
        return { data: session };
      },
    );
  };
