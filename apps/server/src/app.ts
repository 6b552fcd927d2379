import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import pino from 'pino';
import { Server as SocketServer } from 'socket.io';
import { Scheduler } from './bots/scheduler.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError, registerErrorHandler } from './errors.ts';
import { MarketData } from './feed/MarketData.ts';
import { registerCompression } from './http/compression.ts';
import { cspReportRoutes } from './http/cspReport.ts';
import { registerRateLimits } from './http/rateLimits.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import type { Clock } from './lib/clock.ts';
import { createMailer } from './lib/mailer.ts';
import { refuseUnsafeText } from './lib/textSafety.ts';
import { createStaffAdjustments } from './modules/accounts/adjustments.ts';
import { accountsAdminRoutes } from './modules/accounts/adminRoutes.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { adminCountsRoutes } from './modules/admin/countsRoutes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { createAdvisors } from './modules/advisors/module.ts';
import { approvalsAdminRoutes } from './modules/approvals/adminRoutes.ts';
import { createApprovalsService } from './modules/approvals/service.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { auditAdminRoutes } from './modules/audit/adminRoutes.ts';
import { createAuditService } from './modules/audit/service.ts';
import { registerAuth } from './modules/auth/authPlugin.ts';
import { createRecoveryService, sendUnlockLink } from './modules/auth/recovery.ts';
import { createRegistrationService } from './modules/auth/registration.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createThrottle } from './modules/auth/throttle.ts';
import { broadcastingRoutes } from './modules/broadcasting/routes.ts';
import { channelSecret } from './modules/broadcasting/signature.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { clientsAdminRoutes } from './modules/clients/adminRoutes.ts';
import { createClientsService } from './modules/clients/service.ts';
import { contentAdminRoutes } from './modules/content/adminRoutes.ts';
import { createFeedService } from './modules/content/feeds/feedService.ts';
import { fetchPolicyFromEnv } from './modules/content/feeds/safeFetch.ts';
import { newsSourceRoutes } from './modules/content/feeds/sourceRoutes.ts';
import { createCalendarImport } from './modules/content/import/importCalendar.ts';
import { calendarImportRoutes } from './modules/content/import/importRoutes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { createContentService } from './modules/content/service.ts';
import { dashboardAdminRoutes } from './modules/dashboard/adminRoutes.ts';
import { createDashboardService } from './modules/dashboard/service.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { timeRoutes } from './modules/health/timeRoutes.ts';
import { instrumentsAdminRoutes } from './modules/instruments/adminRoutes.ts';
import { createInstrumentsService } from './modules/instruments/service.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { registerMoney } from './modules/money.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { createPaymentProviders } from './modules/payments/providers/registry.ts';
import { personalAdminRoutes } from './modules/personal/adminRoutes.ts';
import { personalRoutes } from './modules/personal/routes.ts';
import { createPersonalService } from './modules/personal/service.ts';
import { plansAdminRoutes } from './modules/plans/adminRoutes.ts';
import { createTradingReference } from './modules/plans/reference.ts';
import { createPlansAdmin } from './modules/plans/service.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { createProfileService } from './modules/profile/service.ts';
import { createAccountSecurity } from './modules/security/accountService.ts';
import { securityAdminRoutes } from './modules/security/adminRoutes.ts';
import { securityRoutes } from './modules/security/routes.ts';
import { createSecretBox } from './modules/security/secretBox.ts';
import { createTwoFactorService } from './modules/security/twoFactorService.ts';
import { createSettingsAdmin } from './modules/settings/adminService.ts';
import { brandingRoutes } from './modules/settings/brandingRoutes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { staffAdminRoutes } from './modules/staff/adminRoutes.ts';
import { createStaffService } from './modules/staff/service.ts';
import { createTradingReads } from './modules/trading/reads.ts';
import { tradingRoutes } from './modules/trading/routes.ts';
import { createTradingService, type TradingService } from './modules/trading/service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { verificationAdminRoutes } from './modules/verification/adminRoutes.ts';
import { createVerificationModule } from './modules/verification/module.ts';
import { verificationRoutes, verificationWebhookRoutes } from './modules/verification/routes.ts';
import { type Bus, createMemoryBus } from './realtime/bus.ts';
import { attachPrices } from './realtime/pricesNamespace.ts';
import { attachRealtime } from './realtime/realtimeNamespace.ts';
import { connectRedis, type RedisLink } from './realtime/redisBus.ts';
import { attachRevocation } from './realtime/revocation.ts';
import { createSocketLimits } from './realtime/socketLimits.ts';
import { RiskEngine } from './risk/RiskEngine.ts';
import { createRoles, type RoleSet } from './roles/roles.ts';
import type { RoleWork } from './roles/singleton.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** Omit for a silent app (tests). */
  logger?: FastifyBaseLogger;
  /** Omit for the in-process bus, or the Redis one when `REDIS_URL` is set. */
  bus?: Bus;
  /**
   * How the singleton roles (feed, risk, bots) run. Omitted (tests): each configured one is simply
   * held, started before buildApp returns, and no price source runs (tests publish their own ticks).
   */
  roles?: {
    /** The `feed` role's work (main.ts: the simulation or the replay file). */
    feed?: (market: MarketData) => RoleWork;
    /** PostgreSQL: elect each singleton through an advisory lock on a connection of its own. */
    lockUrl?: string;
    /** false: the caller runs `app.roles.start()` (main.ts, once listening). Default true. */
    start?: boolean;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketData;
    bus: Bus;
    /** Present on nodes with the `realtime` role. */
    io: SocketServer | null;
    trading: TradingService;
    /** Present on nodes configured with the `risk` role; runs only while the node holds it. */
    risk: RiskEngine | null;
    /** The `bots` role's job runner: jobs register on every node and run on the holder. */
    scheduler: Scheduler;
    /** Which roles this node runs and waits for. */
    roles: RoleSet;
  }
}

/** Builds the whole HTTP app without listening, so tests can `inject` or listen on a free port. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, clock } = deps;
  const app = Fastify({
    loggerInstance: deps.logger ?? pino({ level: 'silent' }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // NUL bytes and lone surrogates are a 422 naming the field, not a failed query and a 500.
  app.addHook('preHandler', refuseUnsafeText);

  // CSP, nosniff, no framing, same-origin referrer, Permissions-Policy (http/securityHeaders.ts);
  // then compression, before any route or static file is registered (http/compression.ts).
  await registerSecurityHeaders(app, { publicUrl: config.PUBLIC_URL });
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'OpenBroker API', version: '1' },
      servers: [{ url: `${config.PUBLIC_URL}${API_PREFIX}` }],
      components: {
        securitySchemes: {
          cookie: { type: 'apiKey', in: 'cookie', name: 'ob_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifyCookie);
  // Before the routes: each limited route gets its check as it is registered (http/rateLimits.ts).
  await registerRateLimits(app, { config, apiPrefix: API_PREFIX });

  const db = database.db;
  const realtimeSecret = channelSecret(config.APP_SECRET, app.log);
  // With REDIS_URL, events cross nodes (DESIGN §1): the bus and Socket.IO's rooms share one Redis.
  const redis: RedisLink | null =
    !deps.bus && config.REDIS_URL
      ? await connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log: app.log })
      : null;
  const bus = deps.bus ?? redis?.bus ?? createMemoryBus();
  const settings = createSettingsService({ db, clock, bus });
  const mailer = createMailer({ db, clock, log: app.log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const throttle = createThrottle({
    db,
    clock,
    onAccountLocked: (email) => sendUnlockLink({ db, clock, mailer, publicUrl: config.PUBLIC_URL }, email),
  });
  // The second factor is built below (it needs the audit service); sign-in asks it only at call time.
  const auth = createAuthService({
    db,
    clock,
    bus,
    throttle,
    secondFactor: { challengeFor: (user) => twoFactor.challengeFor(user) },
  });
  const registration = createRegistrationService({ db, clock, settings });
  const recovery = createRecoveryService({
    db,
    clock,
    mailer,
    bus,
    auth,
    throttle,
    publicUrl: config.PUBLIC_URL,
  });
  const market = new MarketData({
    db,
    clock,
    bus,
    log: app.log,
    seed: config.FEED_SEED,
    priceBand: {
      ticks: config.PRICE_BAND_TICKS,
      multiple: config.PRICE_BAND_MULTIPLE,
      confirmTicks: config.PRICE_CONFIRM_TICKS,
    },
  });
  await market.load();
  const reference = createTradingReference({ db, bus, settings });
  const accounts = createAccountsService({ db, bus, levels: reference.levels });
  const audit = createAuditService({ db, clock });
  const twoFactor = createTwoFactorService({
    db,
    clock,
    bus,
    throttle,
    audit,
    settings,
    box: createSecretBox({ appSecret: config.APP_SECRET, dataDir: config.DATA_DIR }),
  });
  const approvals = createApprovalsService({ db, clock, bus, accounts, audit });
  // Registers the `personal_change` approvals executor, so it exists before any approval is decided.
  const personal = createPersonalService({ db, clock, bus, approvals, audit });
  const verification = createVerificationModule({
    db,
    clock,
    bus,
    audit,
    approvals,
    dataDir: config.DATA_DIR,
    sumsubWebhookSecret: process.env.SUMSUB_WEBHOOK_SECRET,
  });
  const adjustments = createStaffAdjustments({ db, accounts, approvals, audit, settings, market, bus });
  const trading = createTradingService({ db, clock, market, bus, accounts, reference, log: app.log });
  const risk = config.ROLES.includes('risk')
    ? new RiskEngine({ db, market, bus, clock, trading, log: app.log })
    : null;
  const scheduler = new Scheduler(app.log);
  const advisors = createAdvisors({
    db,
    clock,
    bus,
    market,
    accounts,
    approvals,
    audit,
    trading,
    reference,
    scheduler,
    log: app.log,
  });
  const feeds = createFeedService({ db, clock, bus, audit, policy: fetchPolicyFromEnv(), log: app.log });
  scheduler.register(feeds.job());
  const roles = createRoles({
    roles: config.ROLES,
    log: app.log,
    lockUrl: deps.roles?.lockUrl,
    work: {
      feed: deps.roles?.feed?.(market),
      risk: risk ?? undefined,
      bots: { start: () => scheduler.start(), stop: () => scheduler.stop() },
    },
  });
  app.decorate('bus', bus);
  app.decorate('market', market);
  app.decorate('trading', trading);
  app.decorate('risk', risk);
  app.decorate('scheduler', scheduler);
  app.decorate('roles', roles);
  const servesApi = config.ROLES.includes('api');

  await app.register(
    async (api) => {
      await api.register(healthRoutes({ database, roles, startedAt: Date.now() }));
      // Without the `api` role a node answers only its health check (load balancers probe every node).
      if (!servesApi) return;
      await api.register(timeRoutes({ clock }));
      await api.register(cspReportRoutes);
      registerAuth(api, { db, clock, publicUrl: config.PUBLIC_URL });
      await api.register(
        settingsRoutes({ settings, admin: createSettingsAdmin({ db, clock, bus, audit, settings }) }),
      );
      await api.register(brandingRoutes({ db, audit, dataDir: config.DATA_DIR }));
      await api.register(
        authRoutes(
          { auth, registration, recovery },
          { secureCookies: config.PUBLIC_URL.startsWith('https:') },
        ),
      );
      await api.register(
        securityRoutes(
          { auth, twoFactor, account: createAccountSecurity({ db, clock, bus }) },
          { secureCookies: config.PUBLIC_URL.startsWith('https:') },
        ),
      );
      await api.register(securityAdminRoutes({ twoFactor }));
      await api.register(userRoutes({ db, clock }));
      await api.register(notificationRoutes({ db, clock }));
      await api.register(personalRoutes({ personal, clock }));
      await api.register(personalAdminRoutes({ personal }));
      await api.register(
        adminRoutes({ db, clock, recovery, bus, audit, approvalGate: verification.verification }),
      );
      await api.register(assetRoutes({ market, clock }));
      await api.register(marketRoutes({ db, market, settings }));
      await api.register(accountsAdminRoutes({ db, adjustments }));
      await api.register(approvalsAdminRoutes({ db, approvals }));
      await api.register(auditAdminRoutes({ db, audit }));
      await api.register(
        instrumentsAdminRoutes({
          instruments: createInstrumentsService({ db, clock, bus, market, audit }),
          market,
          clock,
        }),
      );
      await api.register(adminCountsRoutes({ db }));
      await api.register(
        profileRoutes({
          profile: createProfileService({ db, clock, bus, verification: verification.verification }),
        }),
      );
      await api.register(plansAdminRoutes({ plans: createPlansAdmin({ db, bus, audit }) }));
      await api.register(contentRoutes({ db, clock }));
      await api.register(
        contentAdminRoutes({ db, content: createContentService({ db, clock, bus, audit }) }),
      );
      await api.register(newsSourceRoutes({ db, feeds }));
      await api.register(calendarImportRoutes({ importer: createCalendarImport({ db, bus, audit }) }));
      await api.register(broadcastingRoutes({ secret: realtimeSecret }));
      const tradingReads = createTradingReads({ db, market });
      await api.register(tradingRoutes({ trading, reads: tradingReads, audit, bus }));
      await api.register(
        clientsAdminRoutes({
          clients: createClientsService({ db, clock, market, reads: tradingReads, audit, bus }),
        }),
      );
      await api.register(verificationRoutes({ verification: verification.verification }));
      await api.register(verificationAdminRoutes(verification));
      await api.register(
        verificationWebhookRoutes({
          providers: verification.providers,
          decisions: verification.decisions,
          now: () => clock.now(),
        }),
      );
      await api.register(chatRoutes({ db, clock, bus, dataDir: config.DATA_DIR }));
      await api.register(
        staffAdminRoutes({
          staff: createStaffService({ db, clock, bus, audit, mailer, publicUrl: config.PUBLIC_URL }),
        }),
      );
      await api.register(
        dashboardAdminRoutes({ dashboard: createDashboardService({ db, clock, market, risk }) }),
      );
      await registerMoney(api, {
        db,
        clock,
        bus,
        accounts,
        approvals,
        audit,
        market,
        settings,
        verification: verification.verification,
        scheduler,
        providers: createPaymentProviders({
          env: process.env,
          clock,
          publicUrl: config.PUBLIC_URL,
          dataDir: config.DATA_DIR,
        }),
        dataDir: config.DATA_DIR,
        publicUrl: config.PUBLIC_URL,
        env: process.env,
        log: app.log,
      });
      await api.register(advisors.routes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await registerWebClient(app, servesApi ? config.WEB_DIST_DIR : null);

  let io: SocketServer | null = null;
  const detach: (() => void)[] = [];
  if (config.ROLES.includes('realtime')) {
    // Websocket transport only: any load balancer works without sticky sessions (DESIGN §1).
    // Connections per address and messages per second (realtime/socketLimits.ts); RATE_LIMITS=off
    // lifts those two, never the payload cap.
    const limits = config.RATE_LIMITS
      ? createSocketLimits({
          connectionsPerAddress: config.SOCKET_CONNECTIONS_PER_ADDRESS,
          messagesPerSecond: config.SOCKET_MESSAGES_PER_SECOND,
          trustProxy: config.TRUST_PROXY,
          log: app.log,
        })
      : null;
    io = new SocketServer(app.server, {
      transports: ['websocket'],
      // No per-message deflate: with it engine.io cannot write socket.io's pre-encoded broadcast
      // frame (encoded once for all receivers) and deflates every frame per connection; at 5,000
      // clients the server spent 43% in zlib and dropped them all (bench/RESULTS.md fan-out and
      // "Idle terminal"). A terminal's frames stay small through `data:packed` instead.
      perMessageDeflate: false,
      serveClient: false,
      maxHttpBufferSize: config.SOCKET_MAX_PAYLOAD_BYTES,
      ...(limits ? { allowRequest: limits.allowRequest } : {}),
    });
    if (redis) io.adapter(redis.adapter);
    if (limits) detach.push(limits.attach(io));
    detach.push(
      attachPrices(io, {
        market,
        bus,
        apiKey: config.PRICES_API_KEY,
        batchMs: config.PRICE_BATCH_MS,
      }),
      attachRealtime(io, { bus, secret: realtimeSecret }),
      attachRevocation(io, bus),
    );
  }
  app.decorate('io', io);
  // Before the HTTP server closes (it would wait for open websockets forever): the roles (no new
  // prices or executions; locks released), then the sockets. Socket.IO closes the HTTP server too.
  app.addHook('preClose', async () => {
    await roles.close();
    for (const d of detach) d();
    await io?.close();
  });
  // The last candles while the database is still open: the caller closes it after app.close().
  app.addHook('onClose', async () => {
    await market.close();
    await redis?.close();
  });
  if (deps.roles?.start !== false) await roles.start();
  return app;
}

/**
 * Serves the built client; any path that is not an API call or a file gets index.html (client routing).
 * `null` (a node without the `api` role): no client, every unknown path is a JSON 404.
 */
async function registerWebClient(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasClient = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (distDir !== null && hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; the one the browser accepts is sent as is.
      preCompressed: true,
      // Cache-Control comes from setHeaders alone: left on, send's own `public, max-age=0` wins.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (
      distDir === null ||
      request.url.startsWith(`${API_PREFIX}/`) ||
      request.url === API_PREFIX ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw new AppError('NOT_FOUND', `No such call: ${request.method} ${request.url.split('?')[0]}`);
    }
    if (!hasClient) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web client is not built. Run `npm run build` (npm start does it for you).');
    }
    void reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  });
}
