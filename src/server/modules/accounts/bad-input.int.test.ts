import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { createParticipant, participantInput } from '../../../../test/factories';

/**
 * Every field of every auth payload, tried with missing, empty, wrong-type,
 * too-long and hostile values: a 400 carrying the field's message, and nothing
 * written. Never a 500, never a stack trace or SQL in the answer.
 */
let t: TestApp;
let validSignIn: { email: string; password: string };
beforeAll(async () => {
  t = await buildTestApp();
  const { input } = await createParticipant(t.app);
  validSignIn = { email: input.email, password: input.password };
});
afterAll(async () => {
  await t.close();
});

async function rowCounts() {
  const result = await t.database.db.execute(
    sql`SELECT (SELECT count(*) FROM participants)::int AS p, (SELECT count(*) FROM admins)::int AS a, (SELECT count(*) FROM sessions)::int AS s, (SELECT count(*) FROM mail_outbox)::int AS m`,
  );
  return (result as unknown as { rows: unknown[] }).rows[0];
}

const LONG = 'a'.repeat(10_000);
type Case = { name: string; value: unknown };
const WRONG_TYPES: Case[] = [
  { name: 'a number', value: 12345678901 },
  { name: 'null', value: null },
  { name: 'an array', value: ['x'] },
  { name: 'an object', value: { $ne: '' } },
  { name: 'a boolean', value: true },
];

type FieldSpec = { field: string; message: string | RegExp; hostile: Case[]; required?: boolean };

const nameHostile: Case[] = [
  { name: 'HTML', value: '<script>alert(1)</script>' },
  { name: 'an RTL override', value: 'Amina\u202Egnp.exe' },
  { name: 'a NUL byte', value: 'Ami\u0000na' },
  { name: 'a zero-width space', value: 'Ami\u200Bna' },
];
const emailHostile: Case[] = [
  { name: 'SQL', value: "' OR 1=1 --" },
  { name: 'HTML', value: '<img src=x onerror=alert(1)>@x.com' },
  { name: 'two addresses', value: 'a@example.com,b@example.com' },
  { name: 'a header injection', value: 'a@example.com\r\nBcc: victim@example.com' },
];
const phoneHostile: Case[] = [
  { name: 'SQL', value: "0712345678'; DROP TABLE participants;--" },
  { name: 'HTML', value: '<b>0712345678</b>' },
  { name: 'letters', value: 'call-me-maybe-please' },
  { name: 'Arabic-Indic digits', value: '٠٧١٢٣٤٥٦٧٨٩' },
];

const signUpFields: FieldSpec[] = [
  {
    field: 'firstName',
    message:
      /^First name (is required|must be at most 100 characters|contains characters that are not allowed)$/,
    hostile: nameHostile,
  },
  {
    field: 'lastName',
    message:
      /^Last name (is required|must be at most 100 characters|contains characters that are not allowed)$/,
    hostile: nameHostile,
  },
  { field: 'email', message: 'Please enter a valid email address', hostile: emailHostile },
  { field: 'phone', message: 'Please enter a valid phone number', hostile: phoneHostile },
  { field: 'password', message: /Password must be at (least 6|most 128) characters/, hostile: [] },
];

const endpoints: { url: string; valid: () => Record<string, unknown>; fields: FieldSpec[] }[] = [
  {
    url: '/api/auth/signup',
    valid: () => ({ ...participantInput(), userType: 'participant' }),
    fields: signUpFields,
  },
  { url: '/api/participants/register', valid: () => participantInput(), fields: signUpFields },
  {
    url: '/api/auth/signin',
    valid: () => ({ ...validSignIn }),
    fields: [
      { field: 'email', message: 'Please enter a valid email address', hostile: emailHostile },
      {
        field: 'password',
        message: /Password is required|Password must be at most 128 characters/,
        hostile: [],
      },
    ],
  },
  {
    url: '/api/auth/forgot-password',
    valid: () => ({ email: validSignIn.email }),
    fields: [
      { field: 'email', message: 'Please enter a valid email address', hostile: emailHostile },
    ],
  },
  {
    url: '/api/auth/reset-password',
    valid: () => ({ token: 'x'.repeat(43), password: 'Fresh-Mango-Tree-7' }),
    fields: [
      {
        field: 'token',
        message: 'This reset link is invalid or has expired',
        hostile: [
          { name: 'SQL', value: "' OR '1'='1" },
          { name: 'a path', value: '../../etc/passwd/aaaaaaaaaaaaaaaa' },
        ],
      },
      {
        field: 'password',
        message: /Password must be at (least 6|most 128) characters/,
        hostile: [],
      },
    ],
  },
];

for (const endpoint of endpoints) {
  describe(`${endpoint.url} refuses bad input field by field`, () => {
    for (const spec of endpoint.fields) {
      const cases: Case[] = [
        { name: 'missing', value: undefined },
        { name: 'empty', value: '' },
        ...WRONG_TYPES,
        { name: 'too long', value: LONG },
        ...spec.hostile,
      ];
      for (const c of cases) {
        it(`${spec.field} ${c.name}: 400 with the field's message and nothing written`, async () => {
          const before = await rowCounts();
          const payload = endpoint.valid();
          if (c.value === undefined) delete payload[spec.field];
          else payload[spec.field] = c.value;
          const res = await t.app.inject({ method: 'POST', url: endpoint.url, payload });
          expect(res.statusCode, res.body).toBe(400);
          const body = res.json();
          if (typeof spec.message === 'string')
            expect(body.errors?.[spec.field]).toBe(spec.message);
          else expect(body.errors?.[spec.field] ?? '').toMatch(spec.message);
          expect(res.body).not.toMatch(/stack|select |insert |at .*\.ts/i);
          expect(await rowCounts()).toEqual(before);
        });
      }
    }
  });
}

describe('free text that looks hostile is stored as text, never run', () => {
  it('keeps an apostrophe-and-SQL last name verbatim and the table intact', async () => {
    const lastName = "O'Brien'); DROP TABLE participants;--";
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      payload: participantInput({ lastName }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().participant.lastName).toBe(lastName);
    expect((await rowCounts()) as { p: number }).toHaveProperty('p');
  });

  it('accepts names in any script, normalised to NFC', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/participants/register',
      payload: participantInput({ firstName: 'Jose\u0301', lastName: '李' }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().participant.firstName).toBe('José');
  });
});

describe('the HTTP edge never answers 500', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers a missing body with 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('answers a JSON array body with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: [1, 2] as unknown as object,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'text/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers an unknown /api route with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/auth/signin/extra', '/api']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers a non-uuid id with 400 before touching the database', async () => {
    const admin = await t.app.inject({
      method: 'PUT',
      url: "/api/admin/1' OR 1=1/password",
      payload: {},
    });
    expect([400, 401]).toContain(admin.statusCode);
  });
});
