// npm run seed:demo: demo studies, participants, applications, payments and leads, for looking around.
// Demo participants share one random password, printed once; nothing fixed is ever committed.
import crypto from 'node:crypto';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import {
  applications,
  clientRequests,
  participants,
  payments,
  researchRequests,
  studies,
} from '../src/server/db/schema/index';
import { hashPassword, setPasswordHashingCost } from '../src/server/modules/accounts/passwords';
import { recomputeEarnings } from '../src/server/modules/payments/earnings.repo';

const config = loadConfig();
setPasswordHashingCost(config.passwordHashing);
const database = await openDatabase(config);
const { db } = database;
try {
  await runMigrations(database);
  const password = crypto.randomBytes(9).toString('base64url');
  const passwordHash = await hashPassword(password);
  const people = [
    ['Amina', 'Otieno', 'Nairobi', '25-34', 'Product designer'],
    ['Brian', 'Kiprop', 'Eldoret', '18-24', 'Student'],
    ['Wanjiru', 'Kamau', 'Nakuru', '35-44', 'Shop owner'],
    ['Hassan', 'Ali', 'Mombasa', '25-34', 'Boda boda rider'],
    ['Grace', 'Achieng', 'Kisumu', '45-54', 'Teacher'],
    ['Daniel', 'Mwangi', 'Thika', '25-34', 'Software developer'],
  ] as const;
  const suffix = crypto.randomBytes(2).toString('hex');
  const rows = await db
    .insert(participants)
    .values(
      people.map(([firstName, lastName, location, age, occupation], i) => ({
        firstName,
        lastName,
        location,
        age,
        occupation,
        email: `${firstName.toLowerCase()}.${suffix}@demo.example`,
        phone: `+2547${String(crypto.randomInt(10_000_000, 100_000_000))}`,
        passwordHash,
        education: i % 2 ? "Bachelor's Degree" : 'High School',
      })),
    )
    .returning();
  const [mobile, checkout, onboarding] = await db
    .insert(studies)
    .values([
      {
        title: 'Mobile money onboarding',
        description:
          'Open an account in a new mobile money app and send your first payment while thinking aloud.',
        payRate: '1500.00',
        duration: 2,
        maxParticipants: 5,
        status: 'active',
        company: 'Duka Pay',
        tags: ['mobile', 'fintech'],
        startDate: '2026-12-01',
        endDate: '2026-12-20',
        requirements: 'You use M-Pesa at least weekly.',
      },
      {
        title: 'Grocery checkout usability',
        description: 'Order groceries for a family of four and tell us what slows you down.',
        payRate: '1200.00',
        duration: 1,
        maxParticipants: 8,
        status: 'active',
        company: 'Safari Foods',
        tags: ['e-commerce'],
        startDate: '2026-12-05',
        endDate: '2027-01-10',
      },
      {
        title: 'Matatu route planner concept',
        description: 'Review paper prototypes of a commuter route planner.',
        payRate: '2000.00',
        duration: 3,
        maxParticipants: 4,
        status: 'completed',
        company: 'Matatu Maps',
        tags: ['transport', 'concept'],
        startDate: '2026-10-01',
        endDate: '2026-10-15',
      },
    ])
    .returning();
  await db.insert(applications).values([
    { participantId: rows[0]!.id, testId: mobile!.id, status: 'interested' },
    {
      participantId: rows[1]!.id,
      testId: mobile!.id,
      status: 'scheduled',
      scheduledAt: new Date(),
    },
    { participantId: rows[2]!.id, testId: checkout!.id, status: 'screening' },
  ]);
  const done = await db
    .insert(applications)
    .values([
      {
        participantId: rows[3]!.id,
        testId: onboarding!.id,
        status: 'completed',
        hoursWorked: '3.00',
        completedAt: new Date(),
      },
      {
        participantId: rows[4]!.id,
        testId: onboarding!.id,
        status: 'completed',
        hoursWorked: '3.00',
        completedAt: new Date(),
      },
    ])
    .returning();
  await db.insert(payments).values([
    {
      participantId: rows[3]!.id,
      testId: onboarding!.id,
      applicationId: done[0]!.id,
      amount: '6000.00',
      status: 'completed',
      paymentMethod: 'M-Pesa',
      transactionId: 'SKD7H3LQ2P',
      processedAt: new Date(),
    },
    {
      participantId: rows[4]!.id,
      testId: onboarding!.id,
      applicationId: done[1]!.id,
      amount: '6000.00',
      status: 'pending',
    },
  ]);
  for (const r of rows) await recomputeEarnings(db, r.id);
  await db.insert(clientRequests).values([
    {
      companyName: 'Kilimo Link',
      contactPerson: 'Peter Njoroge',
      email: 'peter@kilimo.example',
      service: 'market-fit',
      urgency: '1-month',
      budget: '15k-30k',
      message:
        'We connect farmers to buyers and need help finding product-market fit in two new counties.',
    },
    {
      companyName: 'Afya Clinics',
      contactPerson: 'Dr. Mercy Wairimu',
      email: 'mercy@afya.example',
      service: 'fractional-pm',
      urgency: 'asap',
      budget: '30k-50k',
      message: 'Our booking app needs a product lead for six months.',
      status: 'contacted',
    },
  ]);
  await db.insert(researchRequests).values({
    company: 'Duka Pay',
    contactName: 'Otieno Odhiambo',
    email: 'otieno@duka.example',
    phone: '+254712345678',
    projectType: 'mobile-app',
    description: 'Validate a savings feature with market traders.',
    timeline: '3-4weeks',
    budget: '100k-250k',
    targetAudience: 'Market traders in Nairobi',
    goals: 'Will they save weekly?',
  });
  console.log(
    `Demo data added (${database.kind}): ${rows.length} participants, 3 studies, 5 applications, 2 payments, 3 requests.`,
  );
  console.log(
    `Demo participants sign in with e.g. ${rows[0]!.email} and the password: ${password}`,
  );
  console.log(
    'Create an admin with: npm run admin:create -- --email you@example.com --password "…"',
  );
} finally {
  await database.close();
}
