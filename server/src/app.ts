// buildApp: the whole HTTP server (external plugins, application services, routes), built without listening.
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type RouteOptions } from 'fastify';
import { createAppDeps, type AppDeps, type AppDepsOptions } from './appDeps.ts';
import { startBackgroundWork, type BackgroundWork, type SweepOptions } from './backgroundWork.ts';
import type { AppConfig, EnvConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { setApiSecurityHeaders } from './http/apiHeaders.ts';
import { registerOptionalAuth, requireAuth } from './http/auth.ts';
import { errorHandler, frameworkErrorHandler } from './http/errors.ts';
import { OneLineRequestLog, redactedLogPaths, serializeError } from './http/requestLog.ts';
import { zodValidatorCompiler } from './http/zodTypeProvider.ts';
import { authorsRoutes } from './routes/authors.ts';
import { coursesRoutes } from './routes/courses.ts';
import { dictionariesRoutes } from './routes/dictionaries.ts';
import { disciplesRoutes } from './routes/disciples.ts';
import { enrollmentRoutes } from './routes/enrollment.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { healthRoutes } from './routes/health.ts';
import { lessonsRoutes } from './routes/lessons.ts';
import { lessonRecordingsRoutes } from './routes/lessonRecordings.ts';
import { homeworkRoutes } from './routes/homework.ts';
import { homeworkFilesRoutes } from './routes/homeworkFiles.ts';
import { lessonJoinApiRoutes, lessonJoinPageRoutes } from './routes/lessonJoin.ts';
import { telegramRoutes } from './routes/telegram.ts';
import { libraryRoutes } from './routes/library.ts';
import { mediaRoutes } from './routes/media.ts';
import { mutaboRoutes } from './routes/mutabo/area.ts';
import { newsUnsubscribeRoutes } from './routes/newsUnsubscribe.ts';
import { pagesContentRoutes } from './routes/pagesContent.ts';
import { participantsRoutes } from './routes/participants.ts';
import { paymentsRoutes } from './routes/payments.ts';
import { quotationsRoutes } from './routes/quotations.ts';
import { recordingFilesRoutes } from './routes/recordingFiles.ts';
import { sandboxCheckoutRoutes } from './routes/sandboxCheckout.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { sitemapRoutes } from './routes/sitemap.ts';
import { statsRoutes } from './routes/stats.ts';
import { sellerRoutes } from './routes/seller.ts';
import { testEndpointsRoutes } from './routes/testEndpoints.ts';
import { registerSite } from './routes/site.ts';
import { tokenRoutes } from './routes/token.ts';
import { usersRoutes } from './routes/users.ts';
import { connectAuthStateCache } from './services/accounts/authStates.ts';
import { connectPublicCache } from './services/content/publicCache.ts';
import { sharedSigningSecret } from './services/accounts/signingSecret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every route and service works with (appDeps.ts). */
    deps: AppDeps;
    /** preHandler for endpoints that need a logged-in caller. */
    requireAuth: ReturnType<typeof requireAuth>;
  }
}

export interface BuildAppOptions extends AppDepsOptions {
  /** Without a JWT_SECRET the signing secret is the one kept in the database (services/accounts/signingSecret.ts). */
  config: EnvConfig;
  /** Opened and migrated by the caller, who also closes it after the app. */
  database: Database;
  /** The built site; null or a directory without index.html serves the API only. */
  distDir?: string | null;
  /** Where the JSON log lines go (stdout by default). */
  logStream?: FastifyLoggerOptions['stream'];
  /** Test-only: shorter HTTP timeouts than HTTP_TIMEOUTS. */
  httpTimeouts?: Partial<typeof HTTP_TIMEOUTS>;
  /** Test-only: sees every route as it is added (the fuzz test enumerates them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** The periodic sweeps (backgroundWork.ts): the server process runs them every minute; an app built without them (tests) does not. */
  sweeps?: SweepOptions | null;
}

/**
 * A request must arrive whole within requestMs (checked every checkMs) and a connection may stay silent for idleMs:
 * a body that never finishes, or a client that never speaks, does not hold its connection.
 */
export const HTTP_TIMEOUTS = { requestMs: 60_000, idleMs: 30_000, checkMs: 5_000 };

/** The pages' Content-Security-Policy (@fastify/helmet); exported for its test. */
export function contentSecurityPolicy(config: Pick<AppConfig, 'libraryCorsOrigins' | 'cspConnectOrigins' | 'recordings'>) {
  // With S3, a recording's signed address redirects to a presigned GET of the store: the player follows it there.
  const recordingOrigins = config.recordings.kind === 's3' ? [new URL(config.recordings.endpoint).origin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // styled-components injects <style> elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:', ...recordingOrigins],
      mediaSrc: ["'self'", ...recordingOrigins],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...config.libraryCorsOrigins.filter((origin) => origin !== '*'), ...config.cspConnectOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * The app's log: pino's JSON lines at the configured level with secrets redacted, one line per finished request
 * (http/requestLog.ts). Exported for npm run bench:api, whose reference routes log the same way.
 */
export function requestLogging(level: string, stream?: FastifyLoggerOptions['stream']) {
  return {
    logger: {
      level,
      redact: { paths: redactedLogPaths, censor: '[redacted]' },
      serializers: { err: serializeError },
      ...(stream ? { stream } : {}),
    },
    logController: new OneLineRequestLog(),
  };
}

/** Compression of the responses that are not compressed already (http/replies.ts sends cached ones pre-compressed). */
export const COMPRESS_OPTIONS = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  // Brotli's default quality (11) is far too slow for responses compressed on every request.
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { database } = options;
  const shared = options.config.jwtSecret === null ? await sharedSigningSecret(database.db, options.config.dataDir) : null;
  const config: AppConfig = { ...options.config, jwtSecret: options.config.jwtSecret ?? shared!.secret };
  const timeouts = { ...HTTP_TIMEOUTS, ...options.httpTimeouts };
  const app = Fastify({
    ...requestLogging(config.logLevel, options.logStream),
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    // Node checks the whole request against requestTimeout only while headersTimeout is not longer.
    http: { connectionsCheckingInterval: timeouts.checkMs, requestTimeout: timeouts.requestMs, headersTimeout: timeouts.requestMs },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // A broken %-escape or an overlong path parameter: answered in the wire shape, not Fastify's own.
    frameworkErrors: frameworkErrorHandler,
    // Behind a load balancer, request.ip (the login limits) comes from X-Forwarded-For only as far as TRUST_PROXY says.
    trustProxy: config.trustProxy,
  });
  if (shared?.legacyFile) app.log.info(`DATA_DIR/jwt-secret ${shared.legacyFile === 'adopted' ? 'is now kept in the database' : 'was removed: the database already holds the signing secret'}`);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setErrorHandler(errorHandler);

  // External plugins that apply everywhere.
  await app.register(fastifyCompress, COMPRESS_OPTIONS);

  // Application services: made once, decorated as app.deps (appDeps.ts).
  const deps = createAppDeps(config, database, app.log, options);
  app.decorate('deps', deps);
  // Hooks run in reverse order: the background work (the letter worker, the sweeps) stops after the caches disconnect.
  let work: BackgroundWork | null = null;
  app.addHook('onClose', async () => work?.stop());
  app.addHook('onClose', async () => deps.recordings.close());
  app.decorate('requireAuth', requireAuth(deps.authStates));
  registerOptionalAuth(app, deps.tokens);
  const disconnectCache = await connectPublicCache(deps.publicCache, database);
  app.addHook('onClose', async () => disconnectCache());
  const disconnectAuthStates = await connectAuthStateCache(deps.authStateCache, database);
  app.addHook('onClose', async () => disconnectAuthStates());
  work = await startBackgroundWork(deps, options.sweeps ?? null);

  // The API: JSON only, so a fixed strict header set instead of the site's (see http/apiHeaders.ts).
  await app.register(async (api) => {
    api.addHook('onRequest', setApiSecurityHeaders);
    await api.register(healthRoutes);
    await api.register(mediaRoutes);
    await api.register(recordingFilesRoutes);
    await api.register(homeworkFilesRoutes);
    await api.register(
      async (v1) => {
        await v1.register(authorsRoutes);
        await v1.register(coursesRoutes);
        await v1.register(lessonsRoutes);
        await v1.register(lessonRecordingsRoutes);
        await v1.register(lessonJoinApiRoutes);
        await v1.register(homeworkRoutes);
        await v1.register(telegramRoutes);
        await v1.register(scheduleRoutes);
        await v1.register(feedbackRoutes);
        await v1.register(quotationsRoutes);
        await v1.register(libraryRoutes);
        await v1.register(dictionariesRoutes);
        await v1.register(usersRoutes);
        await v1.register(tokenRoutes);
        await v1.register(disciplesRoutes);
        await v1.register(enrollmentRoutes);
        await v1.register(participantsRoutes);
        await v1.register(paymentsRoutes);
        await v1.register(sellerRoutes);
        await v1.register(statsRoutes);
        await v1.register(mutaboRoutes, { prefix: '/mutabo' });
        if (config.testEndpoints) await v1.register(testEndpointsRoutes);
      },
      { prefix: '/api/v1' },
    );
    await api.register(pagesContentRoutes, { prefix: '/api/v2/user' });
  });

  // The site: Helmet's headers with a CSP the built site works under, static files, the history fallback.
  await app.register(async (site) => {
    await site.register(fastifyHelmet, { contentSecurityPolicy: contentSecurityPolicy(config), crossOriginEmbedderPolicy: false });
    await site.register(sandboxCheckoutRoutes);
    await site.register(newsUnsubscribeRoutes);
    await site.register(lessonJoinPageRoutes);
    await site.register(sitemapRoutes);
    await registerSite(site, options.distDir ?? null);
  });
  return app;
}
