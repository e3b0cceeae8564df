import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../app';
import {
  clientRequestInput,
  createTestAdmin,
  participantInput,
  researchRequestInput,
  signIn,
  TEST_PASSWORD,
} from '../factories';
import { callers, permissions, type Caller } from '../permissions';
import { enqueueSms } from '../../src/server/modules/sms/sms.service';
import { enrolAndStepUp, totpCode } from '../support/two-factor';

/**
 * decisions.md section 4, route by route and caller by caller: every route of the OpenAPI
 * document is in the permission table (test/permissions.ts), and each is called by a
 * visitor, a participant, an admin and a super admin (and, where it names a person's record,
 * by the other participant or admin) with a body and ids that would be accepted: allowed
 * callers are never answered 401 or 403; refused ones get 401 without a session and 403 with
 * the wrong one.
 */
type Account = { id: string; email: string; password: string; cookie: string };
/** A caller kind, plus the cases where it names someone else's record. */
type Role = Caller | 'other participant' | 'other admin';
type Call = { method: string; url: string; payload?: unknown; headers?: Record<string, string> };
/**
 * The request for one case: `as` replaces the role's usual session (a fresh one, or none);
 * `status` is the answer an allowed caller gets when it is not a 2xx (the request is
 * accepted but its data is not: an unknown reset token); `accepted` runs after a 2xx.
 */
type Built = Call & { as?: Account | null; status?: number; accepted?: () => void };
type CaseInput = { role: Role; me: Account | undefined; allowed: boolean };

let t: TestApp;
/** The participant whose sessions the participant cases use, and another one. */
let p: Account;
let q: Account;
let admin: Account;
let superAdmin: Account;
/** An admin a super admin may re-enable. */
let otherAdminId: string;
let activeStudyId: string;
let outboxId: string;
let smsId: string;
/** A study in sessions where p is booked (bookedApplicationId) in sessionId. */
let sessionStudy: { testId: string; sessionId: string };
let bookedApplicationId: string;

const unique = () => Math.random().toString(36).slice(2, 10);
const newPassword = () => `Baobab-${unique()}-7!`;

async function registerParticipant(): Promise<Omit<Account, 'cookie'>> {
  const input = participantInput();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/participants/register',
    payload: input,
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  return { id: res.json().participant.id, email: input.email, password: input.password };
}
async function session(who: Omit<Account, 'cookie'>): Promise<Account> {
  return { ...who, cookie: (await signIn(t.app, who.email, who.password)).cookie };
}

async function send(call: Call, as?: Account) {
  return t.app.inject({
    method: call.method as InjectOptions['method'],
    url: call.url,
    ...(call.payload !== undefined ? { payload: call.payload as InjectOptions['payload'] } : {}),
    headers: { ...(as ? { cookie: as.cookie } : {}), ...call.headers },
  });
}
/** A set-up call made by an admin; it must succeed. */
async function setUp(call: Call) {
  const res = await send(call, admin);
  if (res.statusCode >= 300)
    throw new Error(`${call.method} ${call.url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const studyBody = () => ({
  title: `Route roles ${unique()}`,
  description: 'Find the balance on a feature phone and say what confused you.',
  payRate: 1000,
  duration: 1,
  maxParticipants: 50,
  startDate: '2026-12-01',
  endDate: '2026-12-20',
  company: 'Duka Pay',
  tags: 'mobile',
});
async function newActiveStudy(): Promise<string> {
  const { test } = await setUp({ method: 'POST', url: '/api/tests', payload: studyBody() });
  await setUp({
    method: 'PUT',
    url: `/api/tests/${test.id}/status`,
    payload: { status: 'active' },
  });
  return test.id;
}
async function newApplication(): Promise<string> {
  const testId = await newActiveStudy();
  const res = await send(
    { method: 'POST', url: '/api/applications', payload: { participantId: p.id, testId } },
    p,
  );
  if (res.statusCode !== 201) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  return res.json().application.id;
}
async function newPendingPayment(): Promise<string> {
  const applicationId = await newApplication();
  for (const status of ['scheduled', 'completed'])
    await setUp({
      method: 'PUT',
      url: `/api/applications/${applicationId}/status`,
      payload: { status },
    });
  const { payments } = await setUp({ method: 'GET', url: '/api/payments' });
  const payment = (payments as { id: string; applicationId?: string; status: string }[]).find(
    (x) => x.applicationId === applicationId,
  );
  if (!payment) throw new Error('no payment for the completed application');
  return payment.id;
}
/** A payout (manual provider) of one new pending payment. */
async function newPayout(): Promise<string> {
  const paymentId = await newPendingPayment();
  const releaser = await steppedUpAdmin({ role: 'admin', me: undefined, allowed: true });
  const res = await send(
    { method: 'POST', url: '/api/payouts', payload: { paymentIds: [paymentId] } },
    releaser.who,
  );
  if (res.statusCode !== 202) throw new Error(`release: ${res.statusCode} ${res.body}`);
  return res.json().payout.id;
}
/** Sessions made for the cases start two hours apart, so p's bookings never overlap. */
let sessionsMade = 0;
/** A study in sessions, from tomorrow for 60 days, with one session three days or more ahead. */
async function newSessionStudy(): Promise<{ testId: string; sessionId: string }> {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const { test } = await setUp({
    method: 'POST',
    url: '/api/tests',
    payload: { ...studyBody(), startDate: day(1), endDate: day(60) },
  });
  await setUp({
    method: 'PUT',
    url: `/api/tests/${test.id}/status`,
    payload: { status: 'active' },
  });
  const { session } = await setUp({
    method: 'POST',
    url: `/api/tests/${test.id}/sessions`,
    payload: {
      startsAt: new Date(Date.now() + 3 * 86_400_000 + sessionsMade++ * 7_200_000).toISOString(),
      mode: 'in_person',
      location: 'iHub, Nairobi',
      capacity: 50,
    },
  });
  return { testId: test.id, sessionId: session.id };
}
async function newSession(): Promise<string> {
  return (await newSessionStudy()).sessionId;
}
/** p's application to a new study in sessions, selected: `applicationId session:sessionId`. */
async function newBookable(): Promise<string> {
  const { testId, sessionId } = await newSessionStudy();
  const res = await send(
    { method: 'POST', url: '/api/applications', payload: { participantId: p.id, testId } },
    p,
  );
  if (res.statusCode !== 201) throw new Error(`apply: ${res.statusCode} ${res.body}`);
  const applicationId = res.json().application.id as string;
  await setUp({
    method: 'PUT',
    url: `/api/applications/${applicationId}/status`,
    payload: { status: 'selected' },
  });
  return `${applicationId} ${sessionId}`;
}
/** p booked into a session three days ahead (by an admin): the application's id. */
async function newBooking(): Promise<string> {
  const [applicationId, sessionId] = (await newBookable()).split(' ');
  await setUp({
    method: 'POST',
    url: `/api/applications/${applicationId}/booking`,
    payload: { sessionId },
  });
  return applicationId!;
}

const inquiry = clientRequestInput;
const researchRequest = researchRequestInput;
async function photoUpload(id: string): Promise<Call> {
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const boundary = `----roles${unique()}`;
  return {
    method: 'POST',
    url: `/api/participants/${id}/upload-photo`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function newClientRequest(): Promise<string> {
  const res = await send({ method: 'POST', url: '/api/client-requests', payload: inquiry() });
  return res.json().clientRequest.id;
}
async function newResearchRequest(): Promise<string> {
  const res = await send({
    method: 'POST',
    url: '/api/research-requests',
    payload: researchRequest(),
  });
  return res.json().researchRequest.id;
}

const made = new Map<() => Promise<string>, Promise<string>>();
/**
 * A record for a case to act on: a new one for an allowed caller, whose call changes it; one
 * made once for all refused callers, whose calls must not get past the guard anyway.
 */
function recordFor(c: CaseInput, make: () => Promise<string>): Promise<string> {
  if (c.allowed) return make();
  if (!made.has(make)) made.set(make, make());
  return made.get(make)!;
}

/** Whose participant record a case names: one's own (admins: that one), or another participant's. */
const participantTarget = ({ role }: CaseInput) =>
  role === 'participant' || role === 'admin' || role === 'super_admin' ? p.id : q.id;
/** Whose admin record a case names: an admin's own, or (for everyone else) the super admin's. */
const adminTarget = ({ role, me }: CaseInput) =>
  (role === 'admin' || role === 'super_admin') && me ? me.id : superAdmin.id;

/**
 * A new admin of the allowed case's role, signed in: for the second factor's routes, which
 * change what the admin's later sign-ins need (the shared accounts keep signing in without).
 */
async function freshAdmin({ role }: CaseInput): Promise<Account> {
  const a = await createTestAdmin(t.database.db, role === 'super_admin' ? 'super_admin' : 'admin');
  return session({ id: a.row.id, email: a.email, password: a.password });
}

/** Such an admin, enrolled and stepped up (creating and disabling admins need it). */
async function steppedUpAdmin(c: CaseInput) {
  const who = await freshAdmin(c);
  return { who, enrolment: await enrolAndStepUp(t.app, who.cookie) };
}

/** A case of a second-factor route: an allowed caller gets a fresh admin made ready by `prepare`. */
async function secondFactorCase(
  c: CaseInput,
  call: Call,
  prepare?: (who: Account) => Promise<Record<string, unknown>>,
): Promise<Built> {
  if (!c.allowed) return call;
  const who = await freshAdmin(c);
  const payload = prepare ? await prepare(who) : call.payload;
  return { ...call, ...(payload === undefined ? {} : { payload }), as: who };
}

/** A password change the caller may really make; the new password is kept for later sign-ins. */
function passwordChange(url: string, c: CaseInput): Built {
  const next = newPassword();
  const who = c.me;
  return {
    method: 'PUT',
    url,
    payload: { currentPassword: who?.password ?? TEST_PASSWORD, newPassword: next },
    accepted: () => {
      if (who) who.password = next;
    },
  };
}

/** Each route's accepted request; the test fails for a route that has none. */
const requests: Record<string, (c: CaseInput) => Built | Promise<Built>> = {
  'GET /api/health': () => ({ method: 'GET', url: '/api/health' }),
  'GET /api/ready': () => ({ method: 'GET', url: '/api/ready' }),
  'GET /api/site': () => ({ method: 'GET', url: '/api/site' }),
  'POST /api/auth/signup': () => ({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { ...participantInput(), userType: 'participant' },
  }),
  // Signing in and out replace or end the session they are sent with: a fresh one each time.
  'POST /api/auth/signin': async ({ me }) => ({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: (me ?? q).email, password: (me ?? q).password },
    as: me ? await session(me) : null,
  }),
  'POST /api/auth/logout': async ({ me }) => ({
    method: 'POST',
    url: '/api/auth/logout',
    as: me ? await session(me) : null,
  }),
  'GET /api/auth/session': () => ({ method: 'GET', url: '/api/auth/session' }),
  'POST /api/auth/forgot-password': () => ({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: q.email },
  }),
  'POST /api/auth/reset-password': () => ({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token: 'x'.repeat(43), password: newPassword() },
    status: 400,
  }),
  'POST /api/participants/register': () => ({
    method: 'POST',
    url: '/api/participants/register',
    payload: participantInput(),
  }),
  'PUT /api/participant/password': (c) => passwordChange('/api/participant/password', c),
  'PUT /api/admin/password': (c) => passwordChange('/api/admin/password', c),
  'PUT /api/participants/{id}/password': (c) =>
    passwordChange(`/api/participants/${participantTarget(c)}/password`, c),
  'PUT /api/admin/{id}/password': (c) => passwordChange(`/api/admin/${adminTarget(c)}/password`, c),
  'GET /api/participants': () => ({ method: 'GET', url: '/api/participants' }),
  'GET /api/participants/export.csv': () => ({
    method: 'GET',
    url: '/api/participants/export.csv',
  }),
  'GET /api/participants/{id}/earnings': (c) => ({
    method: 'GET',
    url: `/api/participants/${participantTarget(c)}/earnings`,
  }),
  'GET /api/tests/{id}/payments.csv': () => ({
    method: 'GET',
    url: `/api/tests/${activeStudyId}/payments.csv`,
  }),
  'GET /api/participants/{id}': (c) => ({
    method: 'GET',
    url: `/api/participants/${participantTarget(c)}`,
  }),
  // Deleting is for good: an allowed caller deletes a participant made for the case.
  'DELETE /api/participants/{id}': async (c) => {
    if (!c.allowed) return { method: 'DELETE', url: `/api/participants/${participantTarget(c)}` };
    const doomed = await registerParticipant();
    return {
      method: 'DELETE',
      url: `/api/participants/${doomed.id}`,
      ...(c.role === 'participant' ? { as: await session(doomed) } : {}),
    };
  },
  'PUT /api/participants/{id}/profile': (c) => ({
    method: 'PUT',
    url: `/api/participants/${participantTarget(c)}/profile`,
    payload: { firstName: 'Wanjiru' },
  }),
  'PUT /api/participant/profile': ({ me }) => ({
    method: 'PUT',
    url: '/api/participant/profile',
    payload: {
      firstName: 'Wanjiru',
      lastName: 'Otieno',
      email: (me ?? p).email,
      phone: participantInput().phone,
    },
  }),
  'POST /api/participants/{id}/upload-photo': (c) => photoUpload(participantTarget(c)),
  'GET /api/participants/{id}/photo': (c) => ({
    method: 'GET',
    url: `/api/participants/${participantTarget(c)}/photo`,
  }),
  'GET /api/me/earnings': () => ({ method: 'GET', url: '/api/me/earnings' }),
  'GET /api/me/export': () => ({ method: 'GET', url: '/api/me/export' }),
  'GET /api/me/payments': () => ({ method: 'GET', url: '/api/me/payments' }),
  'PUT /api/me/payout-number': ({ me }) => ({
    method: 'PUT',
    url: '/api/me/payout-number',
    payload: {
      payoutPhone: `07${String(Math.random()).slice(2, 10).padEnd(8, '0')}`,
      currentPassword: me?.password ?? TEST_PASSWORD,
    },
  }),
  'GET /api/me/consent': () => ({ method: 'GET', url: '/api/me/consent' }),
  'PUT /api/me/consent': () => ({
    method: 'PUT',
    url: '/api/me/consent',
    payload: { acceptCurrent: true },
  }),
  // A link that is not genuine: the route answers it (400) for anyone, signed in or not.
  'POST /api/unsubscribe/{token}': () => ({
    method: 'POST',
    url: '/api/unsubscribe/00000000-0000-4000-8000-000000000000.invitations.forged',
    status: 400,
  }),
  // Unblocking leaves the target as it was, so later cases can still use it.
  'PUT /api/participants/{id}/block': (c) => ({
    method: 'PUT',
    url: `/api/participants/${participantTarget(c)}/block`,
    payload: { blocked: false },
  }),
  'GET /api/settings': () => ({ method: 'GET', url: '/api/settings' }),
  'PUT /api/settings': () => ({
    method: 'PUT',
    url: '/api/settings',
    payload: { settings: { studiesOpen: true } },
  }),
  'GET /api/admin/list': () => ({ method: 'GET', url: '/api/admin/list' }),
  // Creating and disabling admins need step-up (section 11): an allowed case acts as a
  // super admin made for it, enrolled and stepped up.
  'POST /api/admin/create': async (c) => ({
    method: 'POST',
    url: '/api/admin/create',
    payload: { username: `staff.${unique()}@example.com`, password: TEST_PASSWORD, role: 'admin' },
    ...(c.allowed ? { as: (await steppedUpAdmin(c)).who } : {}),
  }),
  'PUT /api/admin/profile': ({ me }) => ({
    method: 'PUT',
    url: '/api/admin/profile',
    payload: { firstName: 'Achieng', lastName: 'Mwangi', email: (me ?? admin).email },
  }),
  'PUT /api/admin/{id}/status': async (c) => ({
    method: 'PUT',
    url: `/api/admin/${otherAdminId}/status`,
    payload: { status: 'active' },
    ...(c.allowed ? { as: (await steppedUpAdmin(c)).who } : {}),
  }),
  'GET /api/admin/2fa': () => ({ method: 'GET', url: '/api/admin/2fa' }),
  'POST /api/admin/2fa/setup': (c) =>
    secondFactorCase(c, { method: 'POST', url: '/api/admin/2fa/setup' }),
  'POST /api/admin/2fa/enable': (c) =>
    secondFactorCase(
      c,
      { method: 'POST', url: '/api/admin/2fa/enable', payload: { code: '123456' } },
      async (who) => {
        const setup = await send({ method: 'POST', url: '/api/admin/2fa/setup' }, who);
        return { code: totpCode(setup.json().secret, new Date()), currentPassword: who.password };
      },
    ),
  'DELETE /api/admin/2fa': (c) =>
    secondFactorCase(
      c,
      { method: 'DELETE', url: '/api/admin/2fa', payload: { code: '123456' } },
      async (who) => ({ code: (await enrolAndStepUp(t.app, who.cookie)).nextCode() }),
    ),
  'POST /api/auth/step-up': (c) =>
    secondFactorCase(
      c,
      { method: 'POST', url: '/api/auth/step-up', payload: { code: '123456' } },
      async (who) => ({ code: (await enrolAndStepUp(t.app, who.cookie)).nextCode() }),
    ),
  'GET /api/tests': () => ({ method: 'GET', url: '/api/tests' }),
  'POST /api/tests': () => ({ method: 'POST', url: '/api/tests', payload: studyBody() }),
  'GET /api/tests/{id}': () => ({ method: 'GET', url: `/api/tests/${activeStudyId}` }),
  'DELETE /api/tests/{id}': async (c) => ({
    method: 'DELETE',
    url: `/api/tests/${await recordFor(c, newActiveStudy)}`,
  }),
  'PUT /api/tests/{id}/status': () => ({
    method: 'PUT',
    url: `/api/tests/${activeStudyId}/status`,
    payload: { status: 'active' },
  }),
  'PUT /api/tests/{id}': () => ({
    method: 'PUT',
    url: `/api/tests/${activeStudyId}`,
    payload: { requirements: 'An Android phone' },
  }),
  'GET /api/tests/{id}/matches': () => ({
    method: 'GET',
    url: `/api/tests/${activeStudyId}/matches`,
  }),
  'POST /api/tests/{id}/invitations': () => ({
    method: 'POST',
    url: `/api/tests/${activeStudyId}/invitations`,
    payload: { limit: 1 },
  }),
  'POST /api/applications': async (c) => ({
    method: 'POST',
    url: '/api/applications',
    payload: { participantId: participantTarget(c), testId: await recordFor(c, newActiveStudy) },
  }),
  'GET /api/applications': () => ({ method: 'GET', url: '/api/applications' }),
  'PUT /api/applications/{id}/status': async (c) => ({
    method: 'PUT',
    url: `/api/applications/${await recordFor(c, newApplication)}/status`,
    payload: { status: 'screening' },
  }),
  'POST /api/tests/{id}/sessions': async () => ({
    method: 'POST',
    url: `/api/tests/${sessionStudy.testId}/sessions`,
    payload: {
      startsAt: new Date(Date.now() + 4 * 86_400_000).toISOString(),
      mode: 'remote',
      meetingUrl: 'https://meet.example.com/roles',
      capacity: 5,
    },
  }),
  'POST /api/tests/{id}/sessions/series': async () => ({
    method: 'POST',
    url: `/api/tests/${sessionStudy.testId}/sessions/series`,
    payload: {
      startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      mode: 'in_person',
      location: 'iHub, Nairobi',
      capacity: 5,
      repeat: 'daily',
      count: 2,
    },
  }),
  // p is booked in the study, so may read its sessions.
  'GET /api/tests/{id}/sessions': () => ({
    method: 'GET',
    url: `/api/tests/${sessionStudy.testId}/sessions`,
  }),
  'PUT /api/sessions/{id}': () => ({
    method: 'PUT',
    url: `/api/sessions/${sessionStudy.sessionId}`,
    payload: { capacity: 40 },
  }),
  'PUT /api/sessions/{id}/status': async (c) => ({
    method: 'PUT',
    url: `/api/sessions/${await recordFor(c, newSession)}/status`,
    payload: { status: 'cancelled' },
  }),
  'DELETE /api/sessions/{id}': async (c) => ({
    method: 'DELETE',
    url: `/api/sessions/${await recordFor(c, newSession)}`,
  }),
  // The session has not started: 409; the guard let the caller that far.
  'PUT /api/sessions/{id}/attendance': () => ({
    method: 'PUT',
    url: `/api/sessions/${sessionStudy.sessionId}/attendance`,
    payload: { attended: [bookedApplicationId] },
    status: 409,
  }),
  'POST /api/applications/{id}/booking': async (c) => {
    const [applicationId, sessionId] = (await recordFor(c, newBookable)).split(' ');
    return {
      method: 'POST',
      url: `/api/applications/${applicationId}/booking`,
      payload: { sessionId },
    };
  },
  'DELETE /api/applications/{id}/booking': async (c) => ({
    method: 'DELETE',
    url: `/api/applications/${await recordFor(c, newBooking)}/booking`,
  }),
  'POST /api/applications/{id}/withdraw': async (c) => ({
    method: 'POST',
    url: `/api/applications/${await recordFor(c, newApplication)}/withdraw`,
  }),
  'PUT /api/applications/{id}/attendance': () => ({
    method: 'PUT',
    url: `/api/applications/${bookedApplicationId}/attendance`,
    payload: { attendance: 'attended' },
    status: 409,
  }),
  'GET /api/applications/{id}/calendar.ics': () => ({
    method: 'GET',
    url: `/api/applications/${bookedApplicationId}/calendar.ics`,
  }),
  'POST /api/participants/{id}/reliability/reset': () => ({
    method: 'POST',
    url: `/api/participants/${p.id}/reliability/reset`,
  }),
  // p is booked, not selected: 409; the guard let the caller that far.
  'POST /api/tests/{id}/waitlist': () => ({
    method: 'POST',
    url: `/api/tests/${sessionStudy.testId}/waitlist`,
    status: 409,
  }),
  'DELETE /api/tests/{id}/waitlist': () => ({
    method: 'DELETE',
    url: `/api/tests/${sessionStudy.testId}/waitlist`,
    status: 404,
  }),
  'GET /api/payments': () => ({ method: 'GET', url: '/api/payments' }),
  'PUT /api/payments/{id}/status': async (c) => ({
    method: 'PUT',
    url: `/api/payments/${await recordFor(c, newPendingPayment)}/status`,
    payload: { status: 'processing' },
  }),
  // p's booked application is scheduled: a bonus can be added to it.
  'GET /api/applications/{id}/payments': () => ({
    method: 'GET',
    url: `/api/applications/${bookedApplicationId}/payments`,
  }),
  'POST /api/applications/{id}/payments': () => ({
    method: 'POST',
    url: `/api/applications/${bookedApplicationId}/payments`,
    payload: { amount: '100', reason: 'bonus' },
  }),
  'GET /api/payouts/report': () => ({
    method: 'GET',
    url: '/api/payouts/report?from=2026-01-01&to=2026-01-31',
  }),
  'GET /api/payouts/report.csv': () => ({
    method: 'GET',
    url: '/api/payouts/report.csv?from=2026-01-01&to=2026-01-31',
  }),
  'GET /api/payouts/config': () => ({ method: 'GET', url: '/api/payouts/config' }),
  'POST /api/payouts/preview': async (c) => ({
    method: 'POST',
    url: '/api/payouts/preview',
    payload: { paymentIds: [await recordFor(c, newPendingPayment)] },
  }),
  // Releasing needs step-up (section 11): an allowed case acts as an admin made for it.
  'POST /api/payouts': async (c) => ({
    method: 'POST',
    url: '/api/payouts',
    payload: { paymentIds: [await recordFor(c, newPendingPayment)] },
    ...(c.allowed ? { as: (await steppedUpAdmin(c)).who } : {}),
  }),
  'GET /api/payouts': () => ({ method: 'GET', url: '/api/payouts' }),
  'GET /api/payouts/{id}': async (c) => ({
    method: 'GET',
    url: `/api/payouts/${await recordFor(c, newPayout)}`,
  }),
  'GET /api/payouts/{id}/bulk.csv': async (c) => ({
    method: 'GET',
    url: `/api/payouts/${await recordFor(c, newPayout)}/bulk.csv`,
  }),
  // An unknown token changes nothing and is answered Accepted, whoever calls.
  'POST /api/payouts/mpesa/result/{token}': () => ({
    method: 'POST',
    url: `/api/payouts/mpesa/result/${'A'.repeat(43)}`,
    payload: { Result: { ResultCode: 0 } },
  }),
  'POST /api/payouts/mpesa/timeout/{token}': () => ({
    method: 'POST',
    url: `/api/payouts/mpesa/timeout/${'A'.repeat(43)}`,
    payload: { Result: { ResultCode: 1 } },
  }),
  'GET /api/stats': () => ({ method: 'GET', url: '/api/stats' }),
  'GET /api/stats/trends': () => ({ method: 'GET', url: '/api/stats/trends' }),
  'POST /api/client-requests': () => ({
    method: 'POST',
    url: '/api/client-requests',
    payload: inquiry(),
  }),
  'POST /api/research-requests': () => ({
    method: 'POST',
    url: '/api/research-requests',
    payload: researchRequest(),
  }),
  'GET /api/client-requests': () => ({ method: 'GET', url: '/api/client-requests' }),
  'GET /api/research-requests': () => ({ method: 'GET', url: '/api/research-requests' }),
  'PUT /api/client-requests/{id}/status': async (c) => ({
    method: 'PUT',
    url: `/api/client-requests/${await recordFor(c, newClientRequest)}/status`,
    payload: { status: 'contacted' },
  }),
  'PUT /api/research-requests/{id}/status': async (c) => ({
    method: 'PUT',
    url: `/api/research-requests/${await recordFor(c, newResearchRequest)}/status`,
    payload: { status: 'contacted' },
  }),
  'GET /api/audit-log': () => ({ method: 'GET', url: '/api/audit-log' }),
  'GET /api/notifications': () => ({ method: 'GET', url: '/api/notifications' }),
  'POST /api/notifications/read': () => ({
    method: 'POST',
    url: '/api/notifications/read',
    payload: {},
  }),
  'GET /api/outbox': () => ({ method: 'GET', url: '/api/outbox' }),
  'GET /api/outbox/{id}': () => ({ method: 'GET', url: `/api/outbox/${outboxId}` }),
  // Only a failed mail can be retried (409); the guard let the caller that far.
  'POST /api/outbox/{id}/retry': () => ({
    method: 'POST',
    url: `/api/outbox/${outboxId}/retry`,
    status: 409,
  }),
  'GET /api/sms-outbox': () => ({ method: 'GET', url: '/api/sms-outbox' }),
  'GET /api/sms-outbox/{id}': () => ({ method: 'GET', url: `/api/sms-outbox/${smsId}` }),
  // Only a failed SMS can be retried (409); the guard let the caller that far.
  'POST /api/sms-outbox/{id}/retry': () => ({
    method: 'POST',
    url: `/api/sms-outbox/${smsId}/retry`,
    status: 409,
  }),
};

function rolesOf(route: string): Role[] {
  const owner = permissions[route]?.owner;
  return [
    ...callers,
    ...(owner === 'participant' ? (['other participant'] as const) : []),
    ...(owner === 'admin' ? (['other admin'] as const) : []),
  ];
}
/** Naming someone else's record is never allowed; otherwise the table decides. */
function isAllowed(route: string, role: Role): boolean {
  if (role === 'other participant' || role === 'other admin') return false;
  return permissions[route]!.allow.includes(role);
}
function accountOf(role: Role): Account | undefined {
  if (role === 'participant' || role === 'other participant') return p;
  if (role === 'admin' || role === 'other admin') return admin;
  if (role === 'super_admin') return superAdmin;
  return undefined;
}

beforeAll(async () => {
  t = await buildTestApp();
  p = await session(await registerParticipant());
  q = await session(await registerParticipant());
  const a = await createTestAdmin(t.database.db, 'admin');
  admin = await session({ id: a.row.id, email: a.email, password: a.password });
  const s = await createTestAdmin(t.database.db, 'super_admin');
  superAdmin = await session({ id: s.row.id, email: s.email, password: s.password });
  otherAdminId = (await createTestAdmin(t.database.db, 'admin')).row.id;
  activeStudyId = await newActiveStudy();
  sessionStudy = await newSessionStudy();
  {
    const res = await send(
      {
        method: 'POST',
        url: '/api/applications',
        payload: { participantId: p.id, testId: sessionStudy.testId },
      },
      p,
    );
    bookedApplicationId = res.json().application.id;
    await setUp({
      method: 'POST',
      url: `/api/applications/${bookedApplicationId}/booking`,
      payload: { sessionId: sessionStudy.sessionId },
    });
  }
  // So that reading the photo finds one, whatever order the cases run in.
  const photo = await photoUpload(p.id);
  if ((await send(photo, p)).statusCode !== 200) throw new Error('photo upload failed');
  await send({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: p.email } });
  const { mail } = await setUp({ method: 'GET', url: '/api/outbox' });
  outboxId = mail[0].id;
  await enqueueSms(
    t.database.db,
    { to: '+254700000001', body: 'Habari', kind: 'test-kind' },
    { log: t.app.log },
  );
  smsId = (await setUp({ method: 'GET', url: '/api/sms-outbox' })).sms[0].id;
});
afterAll(async () => {
  await t?.close();
});

describe('the permission table (decisions.md section 4)', () => {
  it('classifies every route of the OpenAPI document, and names no route the API lacks', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => !(r in permissions))).toEqual([]);
    expect(Object.keys(permissions).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('has an accepted request for every route in the table', () => {
    expect(Object.keys(permissions).filter((r) => !(r in requests))).toEqual([]);
  });
});

describe.each(Object.keys(permissions))('%s', (route) => {
  const verdicts = rolesOf(route).map((role): [Role, string] => [
    role,
    isAllowed(route, role) ? 'allowed' : role === 'visitor' ? 'refused (401)' : 'refused (403)',
  ]);
  it.each(verdicts)('%s: %s', async (role) => {
    const allowed = isAllowed(route, role);
    const me = accountOf(role);
    const built = await requests[route]!({ role, me, allowed });
    const as = built.as === undefined ? me : (built.as ?? undefined);
    const res = await send(built, as);
    if (allowed) {
      expect(res.statusCode, res.body).not.toBe(401);
      expect(res.statusCode, res.body).not.toBe(403);
      // Past the guard, the accepted request is served: the probe really reached the handler.
      if (built.status) expect(res.statusCode, res.body).toBe(built.status);
      else expect(Math.floor(res.statusCode / 100), res.body).toBe(2);
      built.accepted?.();
    } else {
      expect(res.statusCode, res.body).toBe(me ? 403 : 401);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});
