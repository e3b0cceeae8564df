import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import { loginAs, participantInput, TEST_PASSWORD } from '../factories';
import { loginAsSteppedUp } from '../support/two-factor';

/**
 * decisions.md section 8: every text field and every query parameter a route defines
 * refuses NUL and the other control characters (tab, CR and LF aside in multi-line
 * fields) with 400 and the field's own message, and every date outside 1900-01-01 …
 * 2100-12-31 is 400 too. Never a 500, and nothing is written.
 *
 * One row per route (find them with `grep -rn "schema:" src/server/modules`): a route
 * with neither a text field nor a query parameter (stats, settings, health) has none.
 */
let t: TestApp;
let participant: { cookie: string; id: string };
let admin: { cookie: string; id: string };
let superAdmin: { cookie: string; id: string };

beforeAll(async () => {
  t = await buildTestApp({
    env: { RATE_LIMIT_WRITES_PER_MIN: '100000', RATE_LIMIT_PHOTO_PER_HOUR: '100000' },
  });
  participant = await loginAs(t.app, t.database.db, 'participant');
  admin = await loginAs(t.app, t.database.db, 'admin');
  // Creating and disabling admins need step-up (decisions.md section 11).
  superAdmin = await loginAsSteppedUp(t.app, t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function rowCounts() {
  const result = await t.database.db.execute(sql`SELECT
    (SELECT count(*) FROM participants)::int AS participants,
    (SELECT count(*) FROM admins)::int AS admins,
    (SELECT count(*) FROM tests)::int AS studies,
    (SELECT count(*) FROM applications)::int AS applications,
    (SELECT count(*) FROM payments)::int AS payments,
    (SELECT count(*) FROM client_requests)::int AS client_requests,
    (SELECT count(*) FROM research_requests)::int AS research_requests,
    (SELECT count(*) FROM mail_outbox)::int AS mail,
    (SELECT count(*) FROM study_sessions)::int AS study_sessions,
    (SELECT count(*) FROM waitlist_entries)::int AS waitlist,
    (SELECT count(*) FROM audit_logs)::int AS audit`);
  return (result as unknown as { rows: unknown[] }).rows[0];
}

type Who = 'anonymous' | 'participant' | 'admin' | 'super_admin';
type Field = {
  name: string;
  /** The message the field answers with; a RegExp when it depends on the case. */
  message: string | RegExp;
  /** Several lines allowed: tab, CR and LF are kept, so only other controls are tried. */
  multiline?: boolean;
  /** A calendar date: also tried with dates outside 1900-01-01 … 2100-12-31. */
  date?: boolean;
};
type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path; `:id` is replaced by `id()` when the test runs. */
  path: string;
  id?: () => string;
  who: Who;
  /** Text fields of the body, or query parameters. */
  in: 'body' | 'query';
  valid: () => Record<string, unknown>;
  fields: Field[];
};

const notAllowed = (label: string) => `${label} contains characters that are not allowed`;
const uuid = () => crypto.randomUUID();
const NOT_AN_ID = 'Not a valid id';
const CHOICE = 'Please choose one of the options';
const EMAIL = 'Please enter a valid email address';
const PHONE = 'Please enter a valid phone number';
const PAGING: Field[] = [
  { name: 'limit', message: 'limit is 1 to 200' },
  { name: 'cursor', message: 'Invalid cursor' },
];
const SEARCH: Field = { name: 'search', message: notAllowed('Search') };
const TOTP_CODE = 'Enter the 6-digit code from your authenticator app';
const SECOND_FACTOR_CODE = `${TOTP_CODE}, or one of your recovery codes`;

const names: Field[] = [
  { name: 'firstName', message: notAllowed('First name') },
  { name: 'lastName', message: notAllowed('Last name') },
  { name: 'email', message: EMAIL },
  { name: 'phone', message: PHONE },
];
const participantExtras: Field[] = [
  { name: 'location', message: notAllowed('Location') },
  { name: 'occupation', message: notAllowed('Occupation') },
  { name: 'age', message: CHOICE },
  { name: 'education', message: CHOICE },
  { name: 'dateOfBirth', message: 'Please enter a valid date', date: true },
];
const passwords: Field[] = [
  { name: 'currentPassword', message: notAllowed('Current password') },
  { name: 'newPassword', message: notAllowed('New password') },
];
const study = () => ({
  title: 'Checkout flow',
  description: 'Try the new checkout',
  payRate: '1500',
  duration: 2,
  maxParticipants: 5,
  startDate: '2026-01-05',
  endDate: '2026-01-09',
  company: 'Duka Pay',
  tags: 'mobile, fintech',
  requirements: 'An Android phone',
});
/** A session (decisions.md section 9); the meeting link is checked whatever the mode. */
const session = () => ({
  startsAt: '2030-01-10T10:00:00+03:00',
  durationMinutes: 90,
  mode: 'in_person',
  location: 'iHub, Ngong Road',
  meetingUrl: 'https://meet.example.com/abc',
  capacity: 3,
});
const sessionFields: Field[] = [
  { name: 'startsAt', message: /^Enter the start/, date: true },
  { name: 'durationMinutes', message: /^Duration must be/ },
  { name: 'mode', message: 'Choose in person or remote' },
  { name: 'location', message: notAllowed('Location') },
  { name: 'meetingUrl', message: notAllowed('Meeting link') },
  { name: 'capacity', message: /^Seats must be/ },
];
const requestList: Omit<Route, 'path'> = {
  method: 'GET',
  who: 'admin',
  in: 'query',
  valid: () => ({}),
  fields: [...PAGING, { name: 'status', message: /./ }, SEARCH],
};

const routes: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    who: 'anonymous',
    in: 'body',
    valid: () => participantInput(),
    fields: [...names, { name: 'password', message: notAllowed('Password') }],
  },
  {
    method: 'POST',
    path: '/api/auth/signin',
    who: 'anonymous',
    in: 'body',
    valid: () => ({ email: 'someone@example.com', password: TEST_PASSWORD }),
    fields: [
      { name: 'email', message: EMAIL },
      { name: 'password', message: notAllowed('Password') },
      { name: 'code', message: SECOND_FACTOR_CODE },
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/step-up',
    who: 'admin',
    in: 'body',
    valid: () => ({ code: '123456' }),
    fields: [{ name: 'code', message: SECOND_FACTOR_CODE }],
  },
  {
    method: 'POST',
    path: '/api/admin/2fa/enable',
    who: 'admin',
    in: 'body',
    valid: () => ({ code: '123456', currentPassword: TEST_PASSWORD }),
    fields: [
      { name: 'code', message: TOTP_CODE },
      { name: 'currentPassword', message: notAllowed('Current password') },
    ],
  },
  {
    method: 'DELETE',
    path: '/api/admin/2fa',
    who: 'admin',
    in: 'body',
    valid: () => ({ code: '123456' }),
    fields: [{ name: 'code', message: SECOND_FACTOR_CODE }],
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    who: 'anonymous',
    in: 'body',
    valid: () => ({ email: 'someone@example.com' }),
    fields: [{ name: 'email', message: EMAIL }],
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    who: 'anonymous',
    in: 'body',
    valid: () => ({ token: 'x'.repeat(43), password: 'Fresh-Mango-Tree-7' }),
    fields: [
      { name: 'token', message: 'This reset link is invalid or has expired' },
      { name: 'password', message: notAllowed('Password') },
    ],
  },
  {
    method: 'POST',
    path: '/api/participants/register',
    who: 'anonymous',
    in: 'body',
    valid: () => participantInput(),
    fields: [...names, { name: 'password', message: notAllowed('Password') }, ...participantExtras],
  },
  {
    method: 'PUT',
    path: '/api/participants/:id/profile',
    id: () => participant.id,
    who: 'participant',
    in: 'body',
    valid: () => ({ occupation: 'Teacher' }),
    fields: [...names, ...participantExtras],
  },
  {
    method: 'PUT',
    path: '/api/participant/profile',
    who: 'participant',
    in: 'body',
    valid: () => ({
      firstName: 'Amina',
      lastName: 'Otieno',
      email: 'a@example.com',
      phone: '0712345678',
    }),
    fields: names,
  },
  {
    method: 'PUT',
    path: '/api/me/payout-number',
    who: 'participant',
    in: 'body',
    valid: () => ({ payoutPhone: '0712 345 678', currentPassword: TEST_PASSWORD }),
    fields: [
      { name: 'payoutPhone', message: 'Enter a Kenyan mobile number, e.g. 0712 345 678' },
      { name: 'currentPassword', message: notAllowed('Current password') },
    ],
  },
  {
    method: 'GET',
    path: '/api/me/payments',
    who: 'participant',
    in: 'query',
    valid: () => ({}),
    fields: PAGING,
  },
  {
    method: 'PUT',
    path: '/api/participants/:id/password',
    id: () => participant.id,
    who: 'participant',
    in: 'body',
    valid: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' }),
    fields: passwords,
  },
  {
    method: 'PUT',
    path: '/api/admin/:id/password',
    id: () => admin.id,
    who: 'admin',
    in: 'body',
    valid: () => ({ currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Mango-Tree-7' }),
    fields: passwords,
  },
  {
    method: 'POST',
    path: '/api/admin/create',
    who: 'super_admin',
    in: 'body',
    valid: () => ({ username: `new.${uuid()}@example.com`, password: TEST_PASSWORD }),
    fields: [
      { name: 'username', message: /valid username and password/ },
      { name: 'password', message: notAllowed('Password') },
      { name: 'role', message: /./ },
    ],
  },
  {
    method: 'PUT',
    path: '/api/admin/profile',
    who: 'admin',
    in: 'body',
    valid: () => ({
      firstName: 'Wanjiru',
      lastName: 'Kamau',
      email: 'w@example.com',
      phone: '0712345678',
    }),
    fields: [...names, { name: 'currentPassword', message: notAllowed('Current password') }],
  },
  {
    method: 'PUT',
    path: '/api/admin/:id/status',
    id: () => admin.id,
    who: 'super_admin',
    in: 'body',
    valid: () => ({ status: 'active' }),
    fields: [{ name: 'status', message: 'Please choose active or disabled' }],
  },
  {
    method: 'POST',
    path: '/api/applications',
    who: 'participant',
    in: 'body',
    valid: () => ({ participantId: participant.id, testId: uuid(), screening: 'Yes' }),
    fields: [
      { name: 'participantId', message: NOT_AN_ID },
      { name: 'testId', message: NOT_AN_ID },
      { name: 'screening', message: notAllowed('Screening answer'), multiline: true },
    ],
  },
  {
    method: 'GET',
    path: '/api/applications',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [
      ...PAGING,
      { name: 'status', message: 'Unknown status' },
      { name: 'testId', message: NOT_AN_ID },
      SEARCH,
    ],
  },
  {
    method: 'PUT',
    path: '/api/applications/:id/status',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ status: 'completed', feedback: 'Thorough', hoursWorked: 1, rating: 5 }),
    fields: [
      { name: 'status', message: 'Unknown status' },
      { name: 'feedback', message: notAllowed('Feedback'), multiline: true },
      { name: 'hoursWorked', message: /Hours worked/ },
      { name: 'rating', message: /./ },
    ],
  },
  {
    method: 'GET',
    path: '/api/audit-log',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [
      ...PAGING,
      { name: 'action', message: notAllowed('Action') },
      { name: 'resource', message: notAllowed('Resource') },
      { name: 'resourceId', message: notAllowed('Resource id') },
      { name: 'userId', message: NOT_AN_ID },
      { name: 'userType', message: 'Use admin or participant' },
      { name: 'from', message: /^Use a date/, date: true },
      { name: 'to', message: /^Use a date/, date: true },
      SEARCH,
    ],
  },
  {
    method: 'GET',
    path: '/api/outbox',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [...PAGING, { name: 'status', message: 'Use pending, sending, sent or failed' }],
  },
  {
    method: 'GET',
    path: '/api/sms-outbox',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [...PAGING, { name: 'status', message: 'Use pending, sending, sent or failed' }],
  },
  {
    method: 'GET',
    path: '/api/participants',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [...PAGING, SEARCH],
  },
  {
    method: 'GET',
    path: '/api/participants/export.csv',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [SEARCH],
  },
  {
    method: 'GET',
    path: '/api/payments',
    who: 'admin',
    in: 'query',
    valid: () => ({}),
    fields: [
      ...PAGING,
      { name: 'status', message: 'Unknown status' },
      { name: 'testId', message: NOT_AN_ID },
      SEARCH,
    ],
  },
  {
    method: 'PUT',
    path: '/api/payments/:id/status',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ status: 'completed', paymentMethod: 'Bank transfer', transactionId: 'REF-1' }),
    fields: [
      { name: 'status', message: 'Unknown status' },
      { name: 'transactionId', message: notAllowed('Transaction reference') },
      { name: 'paymentMethod', message: notAllowed('Payment method') },
      { name: 'failureReason', message: notAllowed('Reason') },
    ],
  },
  {
    method: 'POST',
    path: '/api/client-requests',
    who: 'anonymous',
    in: 'body',
    valid: () => ({
      companyName: 'Acme',
      contactPerson: 'Njeri',
      email: 'njeri@acme.co.ke',
      service: 'research',
      message: 'We need a study',
    }),
    fields: [
      { name: 'companyName', message: notAllowed('Company name') },
      { name: 'contactPerson', message: notAllowed('Contact person') },
      { name: 'email', message: EMAIL },
      { name: 'service', message: 'Please choose a service' },
      { name: 'urgency', message: CHOICE },
      { name: 'budget', message: CHOICE },
      { name: 'message', message: notAllowed('Project details'), multiline: true },
      { name: 'website', message: notAllowed('Website') },
    ],
  },
  {
    method: 'POST',
    path: '/api/research-requests',
    who: 'anonymous',
    in: 'body',
    valid: () => ({
      company: 'Acme',
      contactName: 'Njeri',
      email: 'njeri@acme.co.ke',
      phone: '0712345678',
      description: 'Validate a concept',
    }),
    fields: [
      { name: 'company', message: notAllowed('Company') },
      { name: 'contactName', message: notAllowed('Contact name') },
      { name: 'email', message: EMAIL },
      { name: 'phone', message: PHONE },
      { name: 'projectType', message: CHOICE },
      { name: 'description', message: notAllowed('Description'), multiline: true },
      { name: 'timeline', message: CHOICE },
      { name: 'budget', message: CHOICE },
      { name: 'targetAudience', message: notAllowed('Target audience'), multiline: true },
      { name: 'goals', message: notAllowed('Goals'), multiline: true },
      { name: 'website', message: notAllowed('Website') },
    ],
  },
  { ...requestList, path: '/api/client-requests' },
  { ...requestList, path: '/api/research-requests' },
  {
    method: 'PUT',
    path: '/api/client-requests/:id/status',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ status: 'contacted' }),
    fields: [{ name: 'status', message: 'Unknown status' }],
  },
  {
    method: 'PUT',
    path: '/api/research-requests/:id/status',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ status: 'contacted' }),
    fields: [{ name: 'status', message: 'Unknown status' }],
  },
  {
    method: 'POST',
    path: '/api/tests',
    who: 'admin',
    in: 'body',
    valid: study,
    fields: [
      { name: 'title', message: notAllowed('Title') },
      { name: 'description', message: notAllowed('Description'), multiline: true },
      { name: 'payRate', message: /Pay rate/ },
      { name: 'company', message: notAllowed('Company') },
      { name: 'tags', message: /./ },
      { name: 'requirements', message: notAllowed('Requirements'), multiline: true },
      { name: 'startDate', message: /^Start date/, date: true },
      { name: 'endDate', message: /^End date/, date: true },
    ],
  },
  {
    method: 'PUT',
    path: '/api/tests/:id',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: study,
    fields: [
      { name: 'title', message: notAllowed('Title') },
      { name: 'description', message: notAllowed('Description'), multiline: true },
      { name: 'payRate', message: /Pay rate/ },
      { name: 'company', message: notAllowed('Company') },
      { name: 'tags', message: /./ },
      { name: 'requirements', message: notAllowed('Requirements'), multiline: true },
      { name: 'startDate', message: /^Start date/, date: true },
      { name: 'endDate', message: /^End date/, date: true },
    ],
  },
  {
    method: 'PUT',
    path: '/api/tests/:id/status',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ status: 'active' }),
    fields: [{ name: 'status', message: 'Unknown status' }],
  },
  {
    method: 'POST',
    path: '/api/tests/:id/sessions',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: session,
    fields: sessionFields,
  },
  {
    method: 'POST',
    path: '/api/tests/:id/sessions/series',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ ...session(), repeat: 'weekly', count: 4 }),
    fields: [
      ...sessionFields,
      { name: 'repeat', message: 'Repeat daily or weekly' },
      { name: 'count', message: /Number of sessions must be a number/ },
    ],
  },
  {
    method: 'PUT',
    path: '/api/sessions/:id',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: session,
    fields: sessionFields,
  },
  {
    method: 'PUT',
    path: '/api/sessions/:id/status',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ status: 'cancelled' }),
    fields: [{ name: 'status', message: 'A session can only be cancelled' }],
  },
  {
    method: 'PUT',
    path: '/api/sessions/:id/attendance',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ attended: [uuid()], noShow: [uuid()], excused: [uuid()] }),
    fields: [
      { name: 'attended', message: 'Give the bookings as a list of ids' },
      { name: 'noShow', message: 'Give the bookings as a list of ids' },
      { name: 'excused', message: 'Give the bookings as a list of ids' },
    ],
  },
  {
    method: 'POST',
    path: '/api/applications/:id/booking',
    id: () => uuid(),
    who: 'participant',
    in: 'body',
    valid: () => ({ sessionId: uuid() }),
    fields: [{ name: 'sessionId', message: NOT_AN_ID }],
  },
  {
    method: 'PUT',
    path: '/api/applications/:id/attendance',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ attendance: 'attended' }),
    fields: [{ name: 'attendance', message: 'Attendance is attended, no_show or excused' }],
  },
  {
    method: 'POST',
    path: '/api/applications/:id/payments',
    id: () => uuid(),
    who: 'admin',
    in: 'body',
    valid: () => ({ amount: '100', reason: 'other', note: 'Airtime for the call' }),
    fields: [
      { name: 'amount', message: 'Amount must be a number in Ksh, e.g. 500 or 250.50' },
      { name: 'reason', message: 'Choose a reason: show-up fee, transport refund, bonus or other' },
      { name: 'note', message: notAllowed('Note'), multiline: true },
    ],
  },
  ...['/api/payouts/report', '/api/payouts/report.csv'].map((path): Route => ({
    method: 'GET',
    path,
    who: 'admin',
    in: 'query',
    valid: () => ({ from: '2026-01-01', to: '2026-01-31' }),
    fields: [
      { name: 'from', message: /^From (contains characters|must be a date)/, date: true },
      { name: 'to', message: /^To (contains characters|must be a date)/, date: true },
    ],
  })),
  {
    method: 'POST',
    path: '/api/notifications/read',
    who: 'admin',
    in: 'body',
    valid: () => ({}),
    fields: [{ name: 'event', message: /./ }],
  },
];

type Case = { name: string; value: string };
const CONTROL_CASES: Case[] = [
  { name: 'a NUL byte', value: 'Ami\u0000na' },
  { name: 'an escape character', value: 'Ami\u001b[2Jna' },
  { name: 'a bell character', value: 'Ami\u0007na' },
  { name: 'a DEL character', value: 'Ami\u007fna' },
];
const LINE_BREAK_CASES: Case[] = [
  { name: 'a line feed', value: 'Ami\nna' },
  { name: 'a tab', value: 'Ami\tna' },
];
const DATE_CASES: Case[] = ['0000-01-01', '1899-12-31', '2101-01-01'].map((value) => ({
  name: `the date ${value}`,
  value,
}));

function cookieOf(who: Who): Record<string, string> {
  if (who === 'anonymous') return {};
  const session = who === 'participant' ? participant : who === 'admin' ? admin : superAdmin;
  return { cookie: session.cookie };
}

for (const route of routes) {
  describe(`${route.method} ${route.path} (${route.in})`, () => {
    for (const field of route.fields) {
      const cases = [
        ...CONTROL_CASES,
        ...(field.multiline ? [] : LINE_BREAK_CASES),
        ...(field.date ? DATE_CASES : []),
      ];
      for (const c of cases) {
        it(`${field.name} with ${c.name}: 400 with the field's message, nothing written`, async () => {
          const before = await rowCounts();
          const values = { ...route.valid(), [field.name]: c.value };
          const url = route.path.replace(':id', route.id?.() ?? '');
          const res =
            route.in === 'body'
              ? await t.app.inject({
                  method: route.method,
                  url,
                  headers: cookieOf(route.who),
                  payload: values,
                })
              : await t.app.inject({
                  method: route.method,
                  url,
                  headers: cookieOf(route.who),
                  query: values as Record<string, string>,
                });
          expect(res.statusCode, res.body).toBe(400);
          const message = res.json().errors?.[field.name] ?? '';
          if (typeof field.message === 'string') expect(message).toBe(field.message);
          else expect(message).toMatch(field.message);
          expect(await rowCounts()).toEqual(before);
        });
      }
    }
  });
}

describe('multi-line fields keep their line breaks', () => {
  it('stores an inquiry whose project details hold tabs and new lines', async () => {
    const message = 'Two things:\n\t1. onboarding\r\n\t2. checkout';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: {
        companyName: 'Acme',
        contactPerson: 'Njeri',
        email: 'njeri@acme.co.ke',
        service: 'research',
        message,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().clientRequest.message).toBe(message);
  });
});

describe('path parameters', () => {
  it('answers an id holding a NUL byte or a control character with 400, never 500', async () => {
    for (const id of ['%00', 'abc%00def', '%1B', '%7F']) {
      for (const url of [`/api/tests/${id}`, `/api/participants/${id}`]) {
        const res = await t.app.inject({ method: 'GET', url, headers: cookieOf('admin') });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().errors?.id).toBe(NOT_AN_ID);
      }
    }
  });
});
