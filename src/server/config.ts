import path from 'node:path';
import { z } from 'zod';

/** Every environment variable of decisions.md section 2, parsed once at start. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalString.refine(
      (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
      'must start with postgres:// or postgresql://',
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    ADMIN_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.refine(
      (v) => v === undefined || (v.length >= 6 && v.length <= 128),
      'must be 6 to 128 characters',
    ),
    PUBLIC_URL: optionalString.pipe(z.url('must be a URL such as https://example.com').optional()),
    SMTP_URL: optionalString.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'must start with smtp:// or smtps://',
    ),
    MAIL_FROM: optionalString,
    NOTIFY_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
    REDIS_URL: optionalString.refine(
      (v) => v === undefined || /^rediss?:\/\//.test(v),
      'must start with redis:// or rediss://',
    ),
    RATE_LIMIT_AUTH_PER_MIN: z.coerce.number().int().min(1).max(100000).default(20),
    RATE_LIMIT_FORMS_PER_MIN: z.coerce.number().int().min(1).max(100000).default(10),
    RATE_LIMIT_WRITES_PER_MIN: z.coerce.number().int().min(1).max(100000).default(60),
    RATE_LIMIT_PHOTO_PER_HOUR: z.coerce.number().int().min(1).max(100000).default(10),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    TRUST_PROXY: optionalString,
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL === undefined ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  admin: { email: string; password: string } | undefined;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  notifyEmail: string | undefined;
  redisUrl: string | undefined;
  rateLimit: {
    authPerMinute: number;
    formsPerMinute: number;
    /** Per signed-in user: profile, password, e-mail, apply (decisions.md section 8). */
    writesPerMinute: number;
    photosPerHour: number;
  };
  logLevel: string;
  /** Fastify's trustProxy: false, true, or the addresses/CIDRs of the proxies. */
  trustProxy: boolean | string;
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value;
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
      ),
    );
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const publicOrigin = new URL(publicUrl).origin;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    publicUrl,
    publicOrigin,
    secureCookies: publicOrigin.startsWith('https:'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
    notifyEmail: e.NOTIFY_EMAIL,
    redisUrl: e.REDIS_URL,
    rateLimit: {
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MIN,
      formsPerMinute: e.RATE_LIMIT_FORMS_PER_MIN,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MIN,
      photosPerHour: e.RATE_LIMIT_PHOTO_PER_HOUR,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}
