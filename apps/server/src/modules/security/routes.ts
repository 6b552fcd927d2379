import {
  activeSessionSchema,
  changePasswordSchema,
  loginSecondStepSchema,
  preferencesSchema,
  preferencesUpdateSchema,
  recoveryCodesRequestSchema,
  recoveryCodesSchema,
  SECURITY_MESSAGES,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  userSchema,
} from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, SESSION_COOKIE, SESSION_TTL_MS, signedInOnly } from '../auth/authPlugin.ts';
import type { AuthService } from '../auth/service.ts';
import type { AccountSecurity } from './accountService.ts';
import type { TwoFactorService } from './twoFactorService.ts';

const tags = ['security'];
const nothing = z.object({ data: z.null() });
const messageAnswer = z.object({ message: z.string() });

/** `/security/*` for the signed-in user, and the second step of sign-in (`/auth/login/2fa`). */
export const securityRoutes =
  (
    deps: { auth: AuthService; twoFactor: TwoFactorService; account: AccountSecurity },
    opts: { secureCookies: boolean },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { auth, twoFactor, account } = deps;
    const signedIn = { preValidation: signedInOnly };

    app.post(
      '/auth/login/2fa',
      {
        schema: {
          tags: ['auth'],
          summary:
            'Second sign-in step: the challenge with a code or a recovery code; sets the session cookie',
          body: loginSecondStepSchema,
          response: { 200: z.object({ data: z.object({ user: userSchema, token: z.string() }) }) },
        },
      },
      async (request, reply) => {
        const user = await twoFactor.completeLogin(request.body, request.ip);
        const session = await auth.startSession(user, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        // The same cookie as POST /auth/login sets (auth/routes.ts).
        void reply.setCookie(SESSION_COOKIE, session.token, {
          httpOnly: true,
          sameSite: 'strict',
          secure: opts.secureCookies,
          path: '/',
          maxAge: SESSION_TTL_MS / 1000,
        });
        return { data: session };
      },
    );

    app.post(
      '/security/password',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Change the password; other sessions end',
          body: changePasswordSchema,
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        await account.changePassword(requireAuth(request), request.body);
        return { message: SECURITY_MESSAGES.passwordChanged };
      },
    );

    app.get(
      '/security/2fa',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Two-factor status',
          response: { 200: z.object({ data: twoFactorStatusSchema }) },
        },
      },
      async (request) => ({ data: await twoFactor.status(requireAuth(request).user.id) }),
    );

    app.post(
      '/security/2fa/setup',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'A new pending TOTP secret (not active until enabled)',
          response: { 200: z.object({ data: twoFactorSetupSchema }) },
        },
      },
      async (request) => ({ data: await twoFactor.setup(requireAuth(request).user) }),
    );

    app.post(
      '/security/2fa/enable',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Turn two-factor on with a first code; returns the recovery codes once',
          body: twoFactorEnableSchema,
          response: { 200: z.object({ data: recoveryCodesSchema }) },
        },
      },
      async (request) => ({
        data: { recovery_codes: await twoFactor.enable(requireAuth(request).user.id, request.body.code) },
      }),
    );

    app.post(
      '/security/2fa/disable',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Turn two-factor off (password and a code)',
          body: twoFactorDisableSchema,
          response: { 200: nothing },
        },
      },
      async (request) => {
        await twoFactor.disable(requireAuth(request).user, request.body.password, request.body.code);
        return { data: null };
      },
    );

    app.post(
      '/security/2fa/recovery-codes',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'New recovery codes (the old ones stop working); shown once',
          body: recoveryCodesRequestSchema,
          response: { 200: z.object({ data: recoveryCodesSchema }) },
        },
      },
      async (request) => ({
        data: { recovery_codes: await twoFactor.regenerate(requireAuth(request).user.id, request.body.code) },
      }),
    );

    app.get(
      '/security/sessions',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Live sessions of this user',
          response: { 200: z.object({ data: z.array(activeSessionSchema) }) },
        },
      },
      async (request) => ({ data: await account.sessions(requireAuth(request)) }),
    );

    app.delete(
      '/security/sessions/:id',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Sign out one session',
          params: z.object({ id: z.coerce.number().int().positive() }),
          response: { 200: nothing },
        },
      },
      async (request) => {
        await account.revokeSession(requireAuth(request), request.params.id);
        return { data: null };
      },
    );

    app.post(
      '/security/sessions/revoke-others',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Sign out all other sessions',
          response: { 200: z.object({ data: z.object({ revoked: z.number().int() }) }) },
        },
      },
      async (request) => ({ data: { revoked: await account.revokeOthers(requireAuth(request)) } }),
    );

    app.get(
      '/security/preferences',
      {
        ...signedIn,
        schema: { tags, summary: 'Preferences', response: { 200: z.object({ data: preferencesSchema }) } },
      },
      async (request) => ({ data: await account.preferences(requireAuth(request).user.id) }),
    );

    app.put(
      '/security/preferences',
      {
        ...signedIn,
        schema: {
          tags,
          summary: 'Change preferences (any subset)',
          body: preferencesUpdateSchema,
          response: { 200: z.object({ data: preferencesSchema }) },
        },
      },
      async (request) => ({
        data: await account.updatePreferences(requireAuth(request).user.id, request.body),
      }),
    );
  };
