import { loginSchema } from '@openbroker/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE, SESSION_TTL_MS } from './authPlugin.ts';
import type { AuthService } from './service.ts';

export const authRoutes =
  (auth: AuthService, opts: { secureCookies: boolean }): FastifyPluginAsyncZod =>
  async (app) => {
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: opts.secureCookies,
      path: '/',
    };

    app.post(
      '/auth/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in; sets the HttpOnly session cookie and returns the token for API clients',
          body: loginSchema,
        },
      },
      async (request, reply) => {
        const { user, token } = await auth.login(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        void reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
        return { data: { user, token } };
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: z.object({ data: z.null() }) } } },
      async (request, reply) => {
        if (request.auth) await auth.logout(request.auth.sessionId);
        void reply.clearCookie(SESSION_COOKIE, cookieOptions);
        return { data: null };
      },
    );
  };
