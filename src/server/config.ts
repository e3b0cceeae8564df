import net from 'node:net';
import path from 'node:path';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { toE164 } from '../shared/phone';
import { LIMITS } from '../shared/schemas/fields';

/** OWASP's argon2id parameters: 19 MiB, 2 iterations (one lane). */
export const ARGON2_DEFAULT_COST = { memoryKib: 19_456, timeCost: 2 } as const;

export type PasswordHashingCost = { memoryKib: number; timeCost: number };

/** With PAYOUT_PROVIDER=mpesa each must be set (opaque strings: only presence is checked). */
const MPESA_REQUIRED = [
  'MPESA_BASE_URL',
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_INITIATOR_NAME',
  'MPESA_SECURITY_CREDENTIAL',
] as const;

/** 127.0.0.0/8, ::1 or localhost: a local simulator, which may be plain http. */
function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** Every environment variable of decisions.md section 2, parsed once at start. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A PostgreSQL URL that names its host (or a socket directory) and its database. */
function isCompletePostgresUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname || url.searchParams.get('host');
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return Boolean(host) && database.length > 0 && !database.includes('/');
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalString
      .refine(
        (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
        'must start with postgres:// or postgresql://',
      )
      .refine(
        (v) => v === undefined || !/^postgres(ql)?:\/\//.test(v) || isCompletePostgresUrl(v),
        // A URL missing its host or database makes the driver fall back to its defaults
        // (localhost, PGDATABASE…) and migrate whatever database that is: refuse instead.
        'must name a host and a database: postgres://user:password@host:5432/database',
      ),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    // argon2id's cost: production keeps the defaults; tests set the minimum, since every
    // sign-up and sign-in hashes and the suites do thousands of them.
    ARGON2_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(8)
      .max(4_194_304)
      .default(ARGON2_DEFAULT_COST.memoryKib),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).max(100).default(ARGON2_DEFAULT_COST.timeCost),
    ADMIN_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
    // The bounds of every password field, so the bootstrap admin can also sign in by the form.
    ADMIN_PASSWORD: optionalString.refine(
      (v) => v === undefined || (v.length >= LIMITS.passwordMin && v.length <= LIMITS.passwordMax),
      `must be ${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`,
    ),
    PUBLIC_URL: optionalString.pipe(z.url('must be a URL such as https://example.com').optional()),
    SMTP_URL: optionalString.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'must start with smtp:// or smtps://',
    ),
    MAIL_FROM: optionalString,
    NOTIFY_EMAIL: optionalString.pipe(z.email('must be an e-mail address').optional()),
    // The contact the public pages show (GET /api/site); unset shows none (decision 028).
    CONTACT_EMAIL: optionalString.pipe(
      z
        .email('must be an e-mail address such as hello@example.co.ke')
        .max(LIMITS.email, `must be an e-mail address of at most ${LIMITS.email} characters`)
        .optional(),
    ),
    CONTACT_PHONE: optionalString.refine(
      (v) => v === undefined || toE164(v) !== undefined,
      'must be a phone number such as +254 711 464 914 or 0711 464 914',
    ),
    // decisions.md section 9: log:// keeps SMS in the outbox; africastalking://USERNAME:APIKEY@ sends them.
    SMS_URL: optionalString.refine(
      (v) => v === undefined || parseSmsUrl(v) !== undefined,
      'must be log:// or africastalking://USERNAME:APIKEY@',
    ),
    SMS_FROM: optionalString.refine(
      (v) => v === undefined || /^[A-Za-z0-9 ]{1,11}$|^\d{3,15}$/.test(v),
      'must be a sender id of at most 11 letters or digits, or a short code',
    ),
    BOOKING_CUTOFF_HOURS: z.coerce.number().int().min(0).max(720).default(12),
    NO_SHOW_WINDOW_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    NO_SHOW_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
    // decisions.md section 10: nobody is invited more than once in this many days.
    INVITE_COOLDOWN_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    // decisions.md section 11: manual (staff record the reference) or mpesa (Daraja B2C).
    PAYOUT_PROVIDER: z
      .enum(['manual', 'mpesa'], { error: 'must be manual or mpesa' })
      .default('manual'),
    MPESA_BASE_URL: optionalString.refine(
      (v) => v === undefined || /^https?:\/\/[^/\s]+\/?$/.test(v),
      'must be the API origin, such as https://sandbox.safaricom.co.ke or http://127.0.0.1:7070',
    ),
    MPESA_CONSUMER_KEY: optionalString,
    MPESA_CONSUMER_SECRET: optionalString,
    MPESA_SHORTCODE: optionalString,
    MPESA_INITIATOR_NAME: optionalString,
    MPESA_SECURITY_CREDENTIAL: optionalString,
    MPESA_COMMAND_ID: z
      .enum(['BusinessPayment', 'SalaryPayment', 'PromotionPayment'], {
        error: 'must be BusinessPayment, SalaryPayment or PromotionPayment',
      })
      .default('BusinessPayment'),
    MPESA_MIN_AMOUNT: z.coerce
      .number()
      .int('must be whole shillings')
      .min(1)
      .max(1_000_000)
      .default(10),
    MPESA_MAX_AMOUNT: z.coerce
      .number()
      .int('must be whole shillings')
      .min(1)
      .max(1_000_000)
      .default(150_000),
    MPESA_RESULT_TIMEOUT_S: z.coerce.number().int().min(1).max(86_400).default(60),
    MPESA_CALLBACK_IPS: optionalString.refine(
      (v) => v === undefined || v.split(',').every((p) => isAddressOrCidr(p.trim())),
      'must be addresses or CIDRs, comma separated',
    ),
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
    TRUST_PROXY: optionalString.refine(
      (v) => v === undefined || isTrustProxyValue(v),
      'must be true, false, a hop count (1 = one proxy in front) or proxy addresses/CIDRs, comma separated',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.PAYOUT_PROVIDER === 'mpesa') {
      for (const name of MPESA_REQUIRED) {
        if (env[name] === undefined)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'is required when PAYOUT_PROVIDER=mpesa',
          });
      }
      const base = env.MPESA_BASE_URL;
      const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
      if (base !== undefined && !isLoopbackUrl(base) && !publicUrl.startsWith('https:'))
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message:
            'must be https when MPESA_BASE_URL is not on this machine: M-Pesa calls back on it',
        });
    }
    if (env.MPESA_MIN_AMOUNT > env.MPESA_MAX_AMOUNT)
      ctx.addIssue({
        code: 'custom',
        path: ['MPESA_MIN_AMOUNT'],
        message: 'must not be above MPESA_MAX_AMOUNT',
      });
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
  /** PostgreSQL: the longest a statement may run before the request answers 503. */
  databaseTimeoutMs: number;
  /** PostgreSQL: connections this process keeps (a request waits when all are busy). */
  databasePoolSize: number;
  /** argon2id's memory (KiB) and iterations for new password hashes. */
  passwordHashing: PasswordHashingCost;
  admin: { email: string; password: string } | undefined;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  notifyEmail: string | undefined;
  /** The business's public contact (decision 028): each null when not configured. */
  contact: { email: string | null; phone: string | null };
  /** Where SMS go (decisions.md section 9): kept in the outbox (log) or sent through Africa's Talking. */
  sms: SmsConfig;
  /** Booking rules of decisions.md section 9. */
  booking: { cutoffHours: number; noShowWindowDays: number; noShowLimit: number };
  /** Invitations (decisions.md section 10): days between two invitations of one person. */
  inviteCooldownDays: number;
  /** Payouts (decisions.md section 11). */
  payouts: PayoutConfig;
  redisUrl: string | undefined;
  rateLimit: {
    authPerMinute: number;
    formsPerMinute: number;
    /** Per signed-in user: profile, password, e-mail, apply (decisions.md section 8). */
    writesPerMinute: number;
    photosPerHour: number;
  };
  logLevel: string;
  /**
   * Fastify's trustProxy: false, true (every hop: unsafe), a hop count, or the
   * comma-separated addresses/CIDRs of the proxies.
   */
  trustProxy: boolean | number | string;
};

export type MpesaConfig = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  initiatorName: string;
  securityCredential: string;
  commandId: 'BusinessPayment' | 'SalaryPayment' | 'PromotionPayment';
  /** Seconds without a callback before the attempt is resolved with a status query. */
  resultTimeoutS: number;
  /** Addresses or CIDRs allowed to call back; undefined allows any. */
  callbackIps: string[] | undefined;
};

export type PayoutConfig = {
  provider: 'manual' | 'mpesa';
  /** Per-transaction limits in whole KES ("check your contract"). */
  minAmount: number;
  maxAmount: number;
  /** Set when provider is mpesa. */
  mpesa: MpesaConfig | undefined;
};

export type SmsConfig =
  | { provider: 'log' }
  | { provider: 'africastalking'; username: string; apiKey: string; from: string | undefined };

/** `log://` or `africastalking://USERNAME:APIKEY@`; undefined when it is neither. */
export function parseSmsUrl(
  value: string,
):
  | { provider: 'log' }
  | { provider: 'africastalking'; username: string; apiKey: string }
  | undefined {
  if (value === 'log://') return { provider: 'log' };
  const match = /^africastalking:\/\/([^:@/\s]+):([^@/\s]+)@$/.exec(value);
  if (!match) return undefined;
  try {
    return {
      provider: 'africastalking',
      username: decodeURIComponent(match[1]!),
      apiKey: decodeURIComponent(match[2]!),
    };
  } catch {
    return undefined;
  }
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** proxy-addr's names for the private ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(part: string): boolean {
  if (PROXY_RANGE_NAMES.has(part)) return true;
  const [address = '', bits, ...rest] = part.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

function isTrustProxyValue(value: string): boolean {
  if (/^(true|false)$/i.test(value) || /^\d{1,3}$/.test(value)) return true;
  return value.split(',').every((p) => isAddressOrCidr(p.trim()));
}

/**
 * decisions.md section 8: `true` trusts every hop (any client can then choose its own
 * address: unsafe, warned about at start), a number is how many proxies stand in front
 * (`1` = one), anything else lists the proxies' addresses or CIDRs.
 */
export function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || /^false$/i.test(value)) return false;
  if (/^true$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value
    .split(',')
    .map((p) => p.trim())
    .join(',');
}

/**
 * The value Fastify's `trustProxy` takes for it. Fastify reads a bare number as "trust
 * nothing" (it cannot check that the peer really is a proxy), so a hop count becomes the
 * function "the first n hops are proxies": right when the app is reachable only through
 * them (README: listen on 127.0.0.1 or firewall the port, or list the proxies' addresses).
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): boolean | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** A configured phone number in the international format: "+254 711 464914". */
function displayPhone(value: string | undefined): string | null {
  if (value === undefined) return null;
  const e164 = toE164(value);
  return e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? e164) : null;
}

function smsConfig(url: string | undefined, from: string | undefined): SmsConfig {
  const parsed = url === undefined ? undefined : parseSmsUrl(url);
  if (parsed?.provider === 'africastalking') return { ...parsed, from };
  return { provider: 'log' };
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
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    passwordHashing: { memoryKib: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_TIME_COST },
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
    contact: { email: e.CONTACT_EMAIL ?? null, phone: displayPhone(e.CONTACT_PHONE) },
    sms: smsConfig(e.SMS_URL, e.SMS_FROM),
    booking: {
      cutoffHours: e.BOOKING_CUTOFF_HOURS,
      noShowWindowDays: e.NO_SHOW_WINDOW_DAYS,
      noShowLimit: e.NO_SHOW_LIMIT,
    },
    inviteCooldownDays: e.INVITE_COOLDOWN_DAYS,
    payouts: {
      provider: e.PAYOUT_PROVIDER,
      minAmount: e.MPESA_MIN_AMOUNT,
      maxAmount: e.MPESA_MAX_AMOUNT,
      mpesa:
        e.PAYOUT_PROVIDER === 'mpesa'
          ? {
              baseUrl: e.MPESA_BASE_URL!.replace(/\/+$/, ''),
              consumerKey: e.MPESA_CONSUMER_KEY!,
              consumerSecret: e.MPESA_CONSUMER_SECRET!,
              shortcode: e.MPESA_SHORTCODE!,
              initiatorName: e.MPESA_INITIATOR_NAME!,
              securityCredential: e.MPESA_SECURITY_CREDENTIAL!,
              commandId: e.MPESA_COMMAND_ID,
              resultTimeoutS: e.MPESA_RESULT_TIMEOUT_S,
              callbackIps: e.MPESA_CALLBACK_IPS?.split(',').map((p) => p.trim()),
            }
          : undefined,
    },
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
