import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOption, type Config } from './config';
import { inLanguageOf, useServerCatalogues } from './i18n/catalogues';
import type { Database, Db } from './db/client';
import { createAccountsService } from './modules/accounts/accounts.service';
import { setPasswordHashingCost } from './modules/accounts/passwords';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { twoFactorRoutes } from './modules/accounts/two-factor.routes';
import { createTwoFactorService } from './modules/accounts/two-factor.service';
import { adminsRoutes } from './modules/admins/admins.routes';
import { createAdminsService } from './modules/admins/admins.service';
import { healthRoutes } from './modules/health/health.routes';
import { createHealthService } from './modules/health/health.service';
import { applicationsRoutes } from './modules/applications/applications.routes';
import { createApplicationsService } from './modules/applications/applications.service';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { extraPaymentsRoutes } from './modules/payments/extra-payments.routes';
import { createExtraPaymentsService } from './modules/payments/extra-payments.service';
import { paymentReportRoutes } from './modules/payments/report.routes';
import { createPaymentReportService } from './modules/payments/report.service';
import { participantsRoutes } from './modules/participants/participants.routes';
import { createParticipantsService } from './modules/participants/participants.service';
import { consentRoutes } from './modules/recruiting/consent.routes';
import { createConsentService } from './modules/recruiting/consent.service';
import { unsubscribeRoutes } from './modules/recruiting/unsubscribe.routes';
import { createUnsubscribeService } from './modules/recruiting/unsubscribe.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { siteRoutes } from './modules/site/site.routes';
import { createSettingsService } from './modules/settings/settings.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { mailRoutes } from './modules/mail/mail.routes';
import { createMailService } from './modules/mail/mail.service';
import { smsRoutes } from './modules/sms/sms.routes';
import { createSmsService } from './modules/sms/sms.service';
import { requestsRoutes } from './modules/requests/requests.routes';
import { createRequestsService } from './modules/requests/requests.service';
import { statsRoutes } from './modules/stats/stats.routes';
import { createStatsService } from './modules/stats/stats.service';
import { studiesRoutes } from './modules/studies/studies.routes';
import { createStudiesService } from './modules/studies/studies.service';
import type { DarajaClient } from './modules/payouts/daraja';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { createPayoutsService, type PayoutsService } from './modules/payouts/payouts.service';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { createSessionsService, type SessionsService } from './modules/sessions/sessions.service';
import { bodyLimitsPlugin, MAX_JSON_BYTES } from './plugins/body-limits';
import { clientStaticPlugin, defaultClientDir } from './plugins/client-static';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import {
  apiHelmetOptions,
  clientErrorHandler,
  frameworkErrorHandler,
  securityHeaders,
  securityPlugin,
} from './plugins/security';
import { sessionCookieName, sessionPlugin } from './plugins/session';
import { lazyChildLoggerFactory } from './lib/lazy-child-logger';
import { createPublicAnswers, type PublicAnswers } from './lib/public-answers';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The app's clock (BuildAppOptions.clock): the step-up guard's window reads it. */
    clock: () => Date;
    /** Sessions, booking and the waitlist; main.ts runs its reminder and offer jobs. */
    sessions: SessionsService;
    /** Payouts; main.ts runs the worker that sends them. */
    payouts: PayoutsService;
    /** The polled public reads answered before Fastify (lib/public-answers.ts, decision 043). */
    publicAnswers: PublicAnswers;
  }
  interface FastifyContextConfig {
    /** 'debug' logs this route's successful requests at debug level (polled public reads). */
    accessLog?: 'debug';
    /** The URL holds a secret (a callback token): the access log shows the route pattern. */
    redactUrl?: boolean;
    /**
     * 'allowed': the cross-site write guard lets this write through (the one-click
     * unsubscribe that mail clients post, RFC 8058); the route trusts nothing but its token.
     */
    crossSite?: 'allowed';
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** pino options, or false to log nothing (tests). */
  logger?: FastifyServerOptions['logger'];
  /** A ready pino logger (main.ts: asynchronous destination); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  clientDir?: string;
  /** The clock of the sign-in lockout, bookings, reminders and offers; tests inject one instead of waiting. */
  clock?: () => Date;
  /** Tests wrap the Daraja adapter to inject faults between the call and the answer. */
  daraja?: DarajaClient;
};

/** Paths and headers that must never reach a log line. */
export const logRedactions = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: logRedactions, censor: '[redacted]' },
    serializers: {
      // The query string can hold a reset token; log the path only.
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        id: req.id,
      }),
    },
  };
}

/**
 * Paths whose last segment is a secret (the M-Pesa callback tokens), logged without it
 * whatever answered them: the callback route, or a 405 for a GET or a trailing slash.
 */
const SECRET_LAST_SEGMENT = /^\/api\/payouts\/mpesa\//;

/**
 * Polled, cached public reads (every visitor's stats strip) would drown the log: their
 * successes are logged at debug; their failures like any other request, at info.
 */
export function accessLogLevel(status: number, routeLevel: 'debug' | undefined): 'debug' | 'info' {
  return status < 400 && routeLevel === 'debug' ? 'debug' : 'info';
}

/**
 * A request's id when the proxy gave none: this process's random prefix and a counter. It
 * only ties log lines to a request (never a secret), is unique across processes and
 * restarts, and costs a fraction of a random UUID per request (issue 16's profile of the
 * public reads: about 2 points of throughput).
 */
const REQUEST_ID_PREFIX = crypto.randomBytes(6).toString('hex');
let requestCount = 0;
export function nextRequestId(): string {
  requestCount += 1;
  return `${REQUEST_ID_PREFIX}-${requestCount.toString(36).padStart(6, '0')}`;
}

/** A request's id: the proxy's x-request-id when it is a sane one, else our own. */
function requestIdOf(req: { headers: IncomingHttpHeaders }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : nextRequestId();
}

/** Registers every plugin and module; never listens (main.ts and the tests do). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // argon2's cost is one per process (a hash carries its own parameters, so verifying is
  // unaffected); the app's configuration decides it.
  setPasswordHashingCost(config.passwordHashing);
  const publicAnswers = createPublicAnswers({
    headers: securityHeaders(apiHelmetOptions(config)),
    requestId: requestIdOf,
    sessionCookie: sessionCookieName(config),
  });
  const serverOptions: FastifyServerOptions = {
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? loggerOptions(config.logLevel) }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: MAX_JSON_BYTES,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    genReqId: requestIdOf,
    // The polled public reads, answered from memory before Fastify (decision 043).
    serverFactory: publicAnswers.serverFactory,
    requestIdHeader: false,
    routerOptions: { maxParamLength: 200 },
    // The router's and Node's own refusals carry the security headers and { message } too.
    frameworkErrors: frameworkErrorHandler(config),
    clientErrorHandler: clientErrorHandler(config),
    // While closing, plugins/security.ts answers 503 itself, with the headers and { message }.
    return503OnClosing: false,
    // One line per request, written when it completes (below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    // The request's logger is made when it first writes (most never do).
    childLoggerFactory: lazyChildLoggerFactory,
  };
  const app = Fastify(serverOptions);
  if (config.trustProxy === true)
    app.log.warn(
      'TRUST_PROXY=true trusts every X-Forwarded-For hop, so any client can choose its own address (and its own rate-limit key); set the number of proxies in front (1) or their addresses instead',
    );
  // API messages follow Accept-Language (decisions.md section 13). English needs no store:
  // it is what shared code speaks when none is set, so most requests pay nothing.
  useServerCatalogues();
  app.addHook('onRequest', (request, _reply, done) => inLanguageOf(request.headers, done));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('publicAnswers', publicAnswers);
  // Fastify answers while the server stops (503), and logs the polled reads at debug.
  app.addHook('preClose', (done) => {
    publicAnswers.stop();
    done();
  });
  if (app.log.level === 'debug' || app.log.level === 'trace') publicAnswers.stop();
  // The x-request-id header is set with the security headers (plugins/security.ts), in the
  // same hook: one hook fewer on every request.
  app.addHook('onResponse', (request, reply, done) => {
    const level = accessLogLevel(reply.statusCode, request.routeOptions.config.accessLog);
    // A debug line that would be dropped is not built at all (the polled reads' common case).
    if (level === 'debug' && request.log.level !== 'debug' && request.log.level !== 'trace')
      return done();
    request.log[level](
      {
        method: request.method,
        url: request.routeOptions.config.redactUrl
          ? request.routeOptions.url
          : SECRET_LAST_SEGMENT.test(request.url)
            ? request.url.split('?')[0]!.replace(/^(\/api\/payouts\/mpesa\/[^/]*\/).*$/, '$1…')
            : request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        user: request.auth?.user.id,
      },
      'request',
    );
    done();
  });

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { config });
  await app.register(bodyLimitsPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(sessionPlugin, { config, db: database.db });
  await app.register(openApiPlugin);

  const accounts = createAccountsService({
    db: database.db,
    config,
    log: app.log,
    ...(options.clock ? { now: options.clock } : {}),
  });
  await app.register(healthRoutes, { health: createHealthService({ database }) });
  await app.register(siteRoutes, { config });
  await app.register(accountsRoutes, { accounts });
  await app.register(twoFactorRoutes, {
    twoFactor: createTwoFactorService({
      db: database.db,
      accounts,
      ...(options.clock ? { now: options.clock } : {}),
    }),
  });
  const participants = createParticipantsService({
    db: database.db,
    accounts,
    booking: config.booking,
    notices: { config, log: app.log, now: options.clock ?? (() => new Date()) },
    ...(options.clock ? { now: options.clock } : {}),
  });
  await app.register(participantsRoutes, { accounts, participants });
  const clock = options.clock ? { now: options.clock } : {};
  await app.register(consentRoutes, {
    consent: createConsentService({ db: database.db, ...clock }),
  });
  await app.register(unsubscribeRoutes, {
    unsubscribe: createUnsubscribeService({
      db: database.db,
      publicUrl: config.publicUrl,
      ...clock,
    }),
  });
  const settings = createSettingsService({ db: database.db, config });
  await app.register(settingsRoutes, { settings });
  await app.register(adminsRoutes, {
    admins: createAdminsService({ db: database.db, accounts }),
  });
  const studies = createStudiesService({ db: database.db });
  await app.register(studiesRoutes, { studies });
  await app.register(applicationsRoutes, {
    applications: createApplicationsService({
      db: database.db,
      config,
      log: app.log,
      studies,
      settings,
      ...(options.clock ? { now: options.clock } : {}),
    }),
  });
  const sessions = createSessionsService({
    db: database.db,
    config,
    log: app.log,
    studies,
    ...(options.clock ? { now: options.clock } : {}),
  });
  app.decorate('sessions', sessions);
  await app.register(sessionsRoutes, { sessions });
  await app.register(paymentsRoutes, {
    payments: createPaymentsService({ db: database.db, config, log: app.log }),
  });
  await app.register(extraPaymentsRoutes, {
    extraPayments: createExtraPaymentsService({ db: database.db, config }),
  });
  await app.register(paymentReportRoutes, {
    report: createPaymentReportService({ db: database.db }),
  });
  const payouts = createPayoutsService({
    db: database.db,
    config,
    log: app.log,
    ...(options.clock ? { now: options.clock } : {}),
    ...(options.daraja ? { daraja: options.daraja } : {}),
  });
  app.decorate('payouts', payouts);
  await app.register(payoutsRoutes, { payouts });
  await app.register(statsRoutes, { stats: createStatsService({ db: database.db, log: app.log }) });
  const requests = createRequestsService({ db: database.db, config, log: app.log });
  await app.register(requestsRoutes, { requests });
  await app.register(auditRoutes, { audit: createAuditService({ db: database.db }) });
  await app.register(notificationsRoutes, {
    notifications: createNotificationsService({ db: database.db }),
  });
  await app.register(mailRoutes, {
    mail: createMailService({ db: database.db, smtpConfigured: config.smtpUrl !== undefined }),
  });
  await app.register(smsRoutes, { sms: createSmsService({ db: database.db, sms: config.sms }) });

  await app.register(clientStaticPlugin, { clientDir: options.clientDir ?? defaultClientDir });
  return app;
}
