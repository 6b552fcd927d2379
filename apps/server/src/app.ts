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
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { AppError, registerErrorHandler } from './errors.ts';
import { MarketData } from './feed/MarketData.ts';
import type { Clock } from './lib/clock.ts';
import { createMailer } from './lib/mailer.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { assetRoutes } from './modules/assets/routes.ts';
import { registerAuth } from './modules/auth/authPlugin.ts';
import { createRecoveryService } from './modules/auth/recovery.ts';
import { createRegistrationService } from './modules/auth/registration.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createThrottle } from './modules/auth/throttle.ts';
import { broadcastingRoutes } from './modules/broadcasting/routes.ts';
import { channelSecret } from './modules/broadcasting/signature.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
import { createLedgerService } from './modules/ledger/service.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { settingsRoutes } from './modules/settings/routes.ts';
import { createSettingsService } from './modules/settings/service.ts';
import { createTradingReference } from './modules/trading/levels.ts';
import { createTradingReads } from './modules/trading/reads.ts';
import { tradingRoutes } from './modules/trading/routes.ts';
import { createTradingService, type TradingService } from './modules/trading/service.ts';
import { userRoutes } from './modules/users/routes.ts';
import { type Bus, createMemoryBus } from './realtime/bus.ts';
import { attachPrices } from './realtime/pricesNamespace.ts';
import { attachRealtime } from './realtime/realtimeNamespace.ts';
import { connectRedis, type RedisLink } from './realtime/redisBus.ts';
import { attachRevocation } from './realtime/revocation.ts';
import { RiskEngine } from './risk/RiskEngine.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  /** Omit for a silent app (tests). */
  logger?: FastifyBaseLogger;
  /** Omit for the in-process bus, or the Redis one when `REDIS_URL` is set. */
  bus?: Bus;
}

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketData;
    bus: Bus;
    io: SocketServer;
    trading: TradingService;
    /** Present on nodes with the `risk` role. */
    risk: RiskEngine | null;
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

  app.addHook('onSend', async (_request, reply) => {
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Referrer-Policy', 'same-origin');
    void reply.header('X-Frame-Options', 'DENY');
  });

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

  const db = database.db;
  const realtimeSecret = channelSecret(config.APP_SECRET, app.log);
  // With REDIS_URL, events cross nodes (DESIGN §1): the bus and Socket.IO's rooms share one Redis.
  const redis: RedisLink | null =
    !deps.bus && config.REDIS_URL
      ? await connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log: app.log })
      : null;
  const bus = deps.bus ?? redis?.bus ?? createMemoryBus();
  const settings = createSettingsService({ db, clock, bus });
  const throttle = createThrottle({ db, clock });
  const auth = createAuthService({ db, clock, throttle });
  const registration = createRegistrationService({ db, clock, settings });
  const mailer = createMailer({ db, clock, log: app.log, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const recovery = createRecoveryService({ db, clock, mailer, auth, throttle, publicUrl: config.PUBLIC_URL });
  const market = new MarketData({ db, clock, bus, log: app.log, seed: config.FEED_SEED });
  await market.load();
  const reference = createTradingReference({ db, bus, settings });
  const ledger = createLedgerService({ db, bus, reference });
  const trading = createTradingService({ db, clock, market, bus, reference, log: app.log });
  const risk = config.ROLES.includes('risk')
    ? new RiskEngine({ db, market, bus, clock, trading, log: app.log })
    : null;
  await risk?.start();
  app.decorate('bus', bus);
  app.decorate('market', market);
  app.decorate('trading', trading);
  app.decorate('risk', risk);

  await app.register(
    async (api) => {
      registerAuth(api, { db, clock, publicUrl: config.PUBLIC_URL });
      await api.register(healthRoutes({ database, roles: config.ROLES, startedAt: Date.now() }));
      await api.register(settingsRoutes(settings));
      await api.register(
        authRoutes(
          { auth, registration, recovery },
          { secureCookies: config.PUBLIC_URL.startsWith('https:') },
        ),
      );
      await api.register(userRoutes({ db, clock }));
      await api.register(notificationRoutes({ db, clock }));
      await api.register(adminRoutes({ db, clock, recovery, bus }));
      await api.register(assetRoutes({ market, clock }));
      await api.register(marketRoutes({ db, market, settings }));
      await api.register(ledgerRoutes(ledger));
      await api.register(planRoutes({ db, bus }));
      await api.register(contentRoutes({ db, clock }));
      await api.register(broadcastingRoutes({ secret: realtimeSecret }));
      await api.register(tradingRoutes({ trading, reads: createTradingReads({ db, market }) }));
      await api.register(chatRoutes({ db, clock, bus, dataDir: config.DATA_DIR }));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await registerWebClient(app, config.WEB_DIST_DIR);

  // Websocket transport only: any load balancer works without sticky sessions (DESIGN §1).
  const io = new SocketServer(app.server, {
    transports: ['websocket'],
    perMessageDeflate: false,
    serveClient: false,
  });
  if (redis) io.adapter(redis.adapter);
  const detachPrices = attachPrices(io, {
    market,
    bus,
    apiKey: config.PRICES_API_KEY,
    batchMs: config.PRICE_BATCH_MS,
  });
  const detachRealtime = attachRealtime(io, { bus, secret: realtimeSecret });
  const detachRevocation = attachRevocation(io, bus);
  app.decorate('io', io);
  app.addHook('onClose', async () => {
    detachPrices();
    detachRealtime();
    detachRevocation();
    await risk?.close();
    await io.close();
    await market.close();
    await redis?.close();
  });
  return app;
}

/** Serves the built client; any path that is not an API call or a file gets index.html (client routing). */
async function registerWebClient(app: FastifyInstance, distDir: string): Promise<void> {
  const hasClient = existsSync(path.join(distDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file; the one the browser accepts is sent as is.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX || request.method !== 'GET') {
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
