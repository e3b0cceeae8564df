import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults: port 5000, PGlite in ./data, public URL on localhost', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:5000',
      secureCookies: false,
      admin: undefined,
      rateLimit: { authPerMinute: 20, formsPerMinute: 10, writesPerMinute: 60, photosPerHour: 10 },
      logLevel: 'info',
      trustProxy: false,
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('keeps a 7-day invitation cooldown unless INVITE_COOLDOWN_DAYS says otherwise (0 to 365)', () => {
    expect(loadConfig({}).inviteCooldownDays).toBe(7);
    expect(loadConfig({ INVITE_COOLDOWN_DAYS: '14' }).inviteCooldownDays).toBe(14);
    for (const bad of ['-1', '366', 'week', '1.5'])
      expect(() => loadConfig({ INVITE_COOLDOWN_DAYS: bad })).toThrow(/INVITE_COOLDOWN_DAYS/);
  });

  it('names every bad variable in one error', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        RATE_LIMIT_AUTH_PER_MIN: '0',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'RATE_LIMIT_AUTH_PER_MIN'])
        expect(message).toContain(name);
    }
  });

  it('refuses a DATABASE_URL without a host or a database, which pg would fill with its defaults', () => {
    for (const bad of [
      'postgres://',
      'postgres://postgres:SECRET PW@@/',
      'postgres://user@host:5432',
      'postgresql://user@host/',
      'postgres://:5432/db',
    ]) {
      expect(() => loadConfig({ DATABASE_URL: bad }), bad).toThrow(
        /DATABASE_URL.*host and a database/,
      );
    }
    for (const good of [
      'postgres://postgres@127.0.0.1:5432/test',
      'postgresql://u:p%40ss@db.internal/insightlab?sslmode=require',
      'postgres:///insightlab?host=/var/run/postgresql',
    ]) {
      expect(loadConfig({ DATABASE_URL: good }).databaseUrl).toBe(good);
    }
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'owner@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'Long-enough-1' })).toThrow(/ADMIN_EMAIL/);
    expect(
      loadConfig({ ADMIN_EMAIL: 'Owner@Example.com', ADMIN_PASSWORD: 'Long-enough-1' }).admin,
    ).toEqual({
      email: 'owner@example.com',
      password: 'Long-enough-1',
    });
  });

  it('uses secure cookies when PUBLIC_URL is https, and never a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://insightlab.example/' });
    expect(config.secureCookies).toBe(true);
    expect(config.publicUrl).toBe('https://insightlab.example');
    expect(config.publicOrigin).toBe('https://insightlab.example');
  });

  it('bounds database statements at DATABASE_TIMEOUT_MS, 10 s unless set, 100 ms at least', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '2500' }).databaseTimeoutMs).toBe(2500);
    expect(() => loadConfig({ DATABASE_TIMEOUT_MS: '0' })).toThrow(/DATABASE_TIMEOUT_MS/);
    expect(() => loadConfig({ DATABASE_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_TIMEOUT_MS/);
  });

  it('keeps DATABASE_POOL_SIZE PostgreSQL connections, 10 unless set, 1 to 200', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '201' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', REDIS_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      redisUrl: undefined,
    });
  });

  it('reads TRUST_PROXY as a boolean or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('shows no contact unless CONTACT_EMAIL and CONTACT_PHONE are set; a phone is written in the international format', () => {
    expect(loadConfig({}).contact).toEqual({ email: null, phone: null });
    expect(
      loadConfig({ CONTACT_EMAIL: ' hello@example.co.ke ', CONTACT_PHONE: '0711 464 914' }).contact,
    ).toEqual({ email: 'hello@example.co.ke', phone: '+254 711 464914' });
    expect(loadConfig({ CONTACT_PHONE: '+44 20 7946 0958' }).contact.phone).toBe(
      '+44 20 7946 0958',
    );
  });

  it('names CONTACT_EMAIL and CONTACT_PHONE when they are malformed', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'hello at example' })).toThrow(
      /CONTACT_EMAIL: must be an e-mail address/,
    );
    // Longer than any address field takes (254): the site would show one nobody can write to.
    expect(() => loadConfig({ CONTACT_EMAIL: `${'x'.repeat(250)}@example.co.ke` })).toThrow(
      /CONTACT_EMAIL: must be an e-mail address/,
    );
    for (const bad of ['+254 700', 'call 0711 464 914', '12345']) {
      expect(() => loadConfig({ CONTACT_PHONE: bad }), bad).toThrow(
        /CONTACT_PHONE: must be a phone number/,
      );
    }
  });

  describe('payouts (decisions.md section 11)', () => {
    const mpesa = {
      PAYOUT_PROVIDER: 'mpesa',
      MPESA_BASE_URL: 'http://127.0.0.1:7070',
      MPESA_CONSUMER_KEY: 'key',
      MPESA_CONSUMER_SECRET: 'secret',
      MPESA_SHORTCODE: '600000',
      MPESA_INITIATOR_NAME: 'testapi',
      MPESA_SECURITY_CREDENTIAL: 'credential',
    };

    it('is manual unless set, with the documented limits', () => {
      expect(loadConfig({}).payouts).toEqual({
        provider: 'manual',
        minAmount: 10,
        maxAmount: 150000,
        mpesa: undefined,
      });
    });

    it('with mpesa, a missing setting stops the start naming it', () => {
      for (const name of Object.keys(mpesa).filter((k) => k !== 'PAYOUT_PROVIDER')) {
        expect(() => loadConfig({ ...mpesa, [name]: '' }), name).toThrow(
          new RegExp(`${name}: is required when PAYOUT_PROVIDER=mpesa`),
        );
      }
      const config = loadConfig(mpesa).payouts;
      expect(config.mpesa).toMatchObject({
        baseUrl: 'http://127.0.0.1:7070',
        commandId: 'BusinessPayment',
        resultTimeoutS: 60,
        callbackIps: undefined,
      });
    });

    it('refuses malformed values naming them: base URL, command, limits, allow-list, plain http PUBLIC_URL for a remote Daraja', () => {
      for (const [env, name] of [
        [{ MPESA_BASE_URL: 'ftp://x' }, 'MPESA_BASE_URL'],
        [{ MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke/oauth' }, 'MPESA_BASE_URL'],
        [{ MPESA_COMMAND_ID: 'Steal' }, 'MPESA_COMMAND_ID'],
        [{ MPESA_MIN_AMOUNT: '10.5' }, 'MPESA_MIN_AMOUNT'],
        [{ MPESA_MIN_AMOUNT: '500', MPESA_MAX_AMOUNT: '100' }, 'MPESA_MIN_AMOUNT'],
        [{ MPESA_CALLBACK_IPS: '196.201.214.0/24,nonsense' }, 'MPESA_CALLBACK_IPS'],
        [{ MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke' }, 'PUBLIC_URL'],
        [{ PAYOUT_PROVIDER: 'paypal' }, 'PAYOUT_PROVIDER'],
      ] as const) {
        expect(() => loadConfig({ ...mpesa, ...env }), JSON.stringify(env)).toThrow(
          new RegExp(`${name}:`),
        );
      }
      expect(
        loadConfig({
          ...mpesa,
          MPESA_BASE_URL: 'https://sandbox.safaricom.co.ke',
          PUBLIC_URL: 'https://insightlab.example',
          MPESA_CALLBACK_IPS: '196.201.214.0/24, 196.201.213.44',
        }).payouts.mpesa?.callbackIps,
      ).toEqual(['196.201.214.0/24', '196.201.213.44']);
    });
  });
});
