import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/server/db/client';
import { studies } from '../src/server/db/schema/index';
import { createAdmin } from '../src/server/modules/admins/admins.service';
import type { AdminRole } from '../src/shared/schemas/options';
import { sessionCookieOf } from './app';

const unique = () => crypto.randomBytes(4).toString('hex');

/** A strong password that is not on the common list, for tests. */
export const TEST_PASSWORD = 'Plum-Harbour-42!';

export function participantInput(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Amina',
    lastName: 'Otieno',
    email: `amina.${unique()}@example.com`,
    phone: `+2547${crypto.randomInt(10_000_000, 100_000_000)}`,
    password: TEST_PASSWORD,
    ...overrides,
  };
}

/** Registers a participant through the API and returns what was sent and what came back. */
export async function createParticipant(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const input = participantInput(overrides);
  const response = await app.inject({
    method: 'POST',
    url: '/api/participants/register',
    payload: input,
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { input, participant: response.json().participant as { id: string; email: string } };
}

export async function createTestAdmin(
  db: Db,
  role: AdminRole = 'admin',
  email = `admin.${unique()}@example.com`,
) {
  const row = await createAdmin(
    db,
    { email, password: TEST_PASSWORD, role },
    { actor: null, ip: 'test', userAgent: 'test' },
  );
  return { row, email, password: TEST_PASSWORD };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password },
  });
  if (response.statusCode !== 200)
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { cookie: sessionCookieOf(response), body: response.json() };
}

/** A signed-in participant or admin: `{ cookie, id }`, for `headers: { cookie }`. */
export async function loginAs(app: FastifyInstance, db: Db, role: 'participant' | AdminRole) {
  if (role === 'participant') {
    const { input, participant } = await createParticipant(app);
    const { cookie } = await signIn(app, input.email, input.password);
    return { cookie, id: participant.id, email: input.email };
  }
  const admin = await createTestAdmin(db, role);
  const { cookie } = await signIn(app, admin.email, admin.password);
  return { cookie, id: admin.row.id, email: admin.email };
}

/** A study written straight to the database (the admin API for it comes with the admin console). */
export async function createStudy(db: Db, overrides: Partial<typeof studies.$inferInsert> = {}) {
  const [row] = await db
    .insert(studies)
    .values({
      title: `Checkout usability ${unique()}`,
      description: 'Try the new mobile checkout and tell us what slows you down.',
      payRate: '1500.00',
      duration: 2,
      maxParticipants: 10,
      status: 'active',
      company: 'Duka Pay',
      tags: ['mobile', 'fintech'],
      ...overrides,
    })
    .returning();
  return row!;
}

const leadSuffix = () => Math.random().toString(36).slice(2, 10);

/** A valid body for POST /api/client-requests, with an e-mail of its own. */
export function clientRequestInput() {
  return {
    companyName: 'Safari Foods',
    contactPerson: 'Njeri Kamau',
    email: `njeri.${leadSuffix()}@safarifoods.example`,
    service: 'research',
    urgency: '2-weeks',
    budget: '15k-30k',
    message: 'We are launching a delivery app and want to know why people drop off at checkout.',
  };
}

/** A valid body for POST /api/research-requests, with an e-mail of its own. */
export function researchRequestInput() {
  return {
    company: 'Matatu Maps',
    contactName: 'Otieno Odhiambo',
    email: `otieno.${leadSuffix()}@matatumaps.example`,
    phone: '+254 712 345 678',
    projectType: 'mobile-app',
    description: 'Validate a route-planning concept with commuters in Nairobi.',
    timeline: '3-4weeks',
    budget: '100k-250k',
    targetAudience: 'Daily commuters, 18–40',
    goals: 'Will they pay?',
  };
}
