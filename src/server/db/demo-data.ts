import crypto from 'node:crypto';
import { recomputeEarnings } from '../modules/payments/earnings.repo';
import { refreshPlacesTaken } from '../modules/applications/applications.repo';
import { saveSiteSettings } from '../modules/settings/settings.repo';
import { armReminders } from '../modules/sessions/sessions.repo';
import type { Db } from './client';
import { LEGAL_VERSIONS } from '../../shared/site';
import {
  applications,
  clientRequests,
  consentRecords,
  participants,
  payments,
  researchRequests,
  studies,
  studySessions,
  waitlistEntries,
} from './schema/index';

const DAY = 86_400_000;
/** The EAT calendar day `offset` days from `now`: "2026-12-01". */
const eatDay = (now: Date, offset: number) =>
  new Date(now.getTime() + 3 * 3600_000 + offset * DAY).toISOString().slice(0, 10);
/** `offset` days from `now` at `time` in EAT (UTC+3). */
const eatAt = (now: Date, offset: number, time: string) =>
  new Date(`${eatDay(now, offset)}T${time}:00+03:00`);

/**
 * Demo studies, participants, applications, payments and leads (`npm run seed:demo`), in
 * one transaction, consistent as the product keeps its data: each study's
 * `currentParticipants` is its scheduled plus completed count, earnings are recomputed
 * from the payments, and studies are open (decisions.md section 6).
 */
export async function seedDemoData(db: Db, passwordHash: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const people = [
      ['Amina', 'Otieno', 'Nairobi', '25-34', 'Product designer'],
      ['Brian', 'Kiprop', 'Eldoret', '18-24', 'Student'],
      ['Wanjiru', 'Kamau', 'Nakuru', '35-44', 'Shop owner'],
      ['Hassan', 'Ali', 'Mombasa', '25-34', 'Boda boda rider'],
      ['Grace', 'Achieng', 'Kisumu', '45-54', 'Teacher'],
      ['Daniel', 'Mwangi', 'Thika', '25-34', 'Software developer'],
    ] as const;
    // Research profiles (decisions.md section 10), varied so criteria and filters have
    // something to tell apart; half opted in to invitations, one left the profile empty.
    type Profile = Partial<typeof participants.$inferInsert>;
    const profiles: Profile[] = [
      {
        dateOfBirth: '1994-03-12',
        gender: 'woman',
        county: 'Nairobi',
        town: 'Kilimani',
        employment: 'employed_full_time',
        incomeBand: '100k_250k',
        languages: ['english', 'kiswahili', 'dholuo'],
        devices: ['iphone', 'computer'],
        mobileMoney: ['mpesa'],
        internetAccess: 'mobile_and_home',
        inviteOptIn: true,
      },
      {
        dateOfBirth: '2004-08-30',
        gender: 'man',
        county: 'Uasin Gishu',
        town: 'Eldoret',
        employment: 'student',
        incomeBand: 'under_10k',
        languages: ['english', 'kiswahili', 'kalenjin'],
        devices: ['android_phone'],
        mobileMoney: ['mpesa', 'airtel_money'],
        internetAccess: 'mobile_only',
        inviteOptIn: true,
      },
      {
        dateOfBirth: '1984-11-02',
        gender: 'woman',
        county: 'Nakuru',
        town: 'Nakuru',
        employment: 'self_employed',
        incomeBand: '30k_50k',
        languages: ['kiswahili', 'kikuyu'],
        devices: ['feature_phone'],
        mobileMoney: ['mpesa'],
        internetAccess: 'occasional',
        inviteOptIn: false,
      },
      {
        dateOfBirth: '1996-01-20',
        gender: 'man',
        county: 'Mombasa',
        town: 'Likoni',
        employment: 'self_employed',
        incomeBand: '10k_30k',
        languages: ['kiswahili', 'somali'],
        devices: ['android_phone'],
        mobileMoney: ['mpesa', 't_kash'],
        internetAccess: 'mobile_only',
        inviteOptIn: true,
      },
      {
        dateOfBirth: '1976-06-05',
        gender: 'prefer_not_to_say',
        county: 'Kisumu',
        employment: 'employed_full_time',
        incomeBand: 'prefer_not_to_say',
        languages: ['english', 'dholuo'],
        devices: ['android_phone', 'computer'],
        mobileMoney: ['mpesa'],
        internetAccess: 'mobile_and_home',
        inviteOptIn: false,
      },
      // Daniel has not filled in his research profile yet.
      { inviteOptIn: false },
    ];
    const suffix = crypto.randomBytes(2).toString('hex');
    const rows = await tx
      .insert(participants)
      .values(
        people.map(([firstName, lastName, location, age, occupation], i) => ({
          firstName,
          lastName,
          location,
          age,
          occupation,
          email: `${firstName.toLowerCase()}.${suffix}@demo.example`,
          // Ends in 0-5: the M-Pesa simulator (npm run mpesa:sim) pays such numbers.
          phone: `+2547${String(crypto.randomInt(1_000_000, 10_000_000))}${i % 6}`,
          passwordHash,
          education: i % 2 ? "Bachelor's Degree" : 'High School',
          termsVersion: LEGAL_VERSIONS.terms,
          privacyVersion: LEGAL_VERSIONS.privacy,
          consentedAt: now,
          ...profiles[i],
        })),
      )
      .returning();
    // The consent each gave at registration, kept as evidence like a real sign-up's.
    await tx.insert(consentRecords).values(
      rows.flatMap((row) => [
        {
          participantId: row.id,
          kind: 'terms' as const,
          value: LEGAL_VERSIONS.terms,
          source: 'registration' as const,
          createdAt: now,
        },
        {
          participantId: row.id,
          kind: 'privacy' as const,
          value: LEGAL_VERSIONS.privacy,
          source: 'registration' as const,
          createdAt: now,
        },
        {
          participantId: row.id,
          kind: 'invitations' as const,
          value: row.inviteOptIn ? 'yes' : 'no',
          source: 'registration' as const,
          createdAt: now,
        },
      ]),
    );
    const [mobile, checkout, onboarding, safety] = await tx
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
          startDate: eatDay(now, -3),
          endDate: eatDay(now, 25),
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
          startDate: eatDay(now, 5),
          endDate: eatDay(now, 45),
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
          startDate: eatDay(now, -60),
          endDate: eatDay(now, -45),
        },
        {
          title: 'Boda boda safety survey',
          description: 'A one-hour talk about how you choose a safe ride, with a short survey.',
          payRate: '800.00',
          duration: 1,
          maxParticipants: 1,
          status: 'active',
          company: 'Safiri Labs',
          tags: ['transport', 'survey'],
          startDate: eatDay(now, -1),
          endDate: eatDay(now, 10),
        },
      ])
      .returning();
    // Sessions (decisions.md section 9): the onboarding study's ran 50 days ago; the mobile
    // money study has one in person and one remote ahead; the safety survey's one seat is
    // booked, with a selected participant waiting in line for it.
    const [ranBefore, inPerson, , safetyTalk] = await tx
      .insert(studySessions)
      .values([
        {
          testId: onboarding!.id,
          startsAt: eatAt(now, -50, '10:00'),
          durationMinutes: 180,
          mode: 'in_person' as const,
          location: 'Matatu Maps office, Kimathi Street, Nairobi',
          capacity: 4,
        },
        {
          testId: mobile!.id,
          startsAt: eatAt(now, 2, '10:00'),
          durationMinutes: 120,
          mode: 'in_person' as const,
          location: 'iHub, Senteu Plaza, Ngong Road, Nairobi',
          capacity: 2,
        },
        {
          testId: mobile!.id,
          startsAt: eatAt(now, 3, '14:00'),
          durationMinutes: 120,
          mode: 'remote' as const,
          meetingUrl: 'https://meet.example.com/duka-pay-onboarding',
          capacity: 2,
        },
        {
          testId: safety!.id,
          startsAt: eatAt(now, 1, '16:00'),
          durationMinutes: 60,
          mode: 'in_person' as const,
          location: 'Safiri Labs, Moi Avenue, Mombasa',
          capacity: 1,
        },
      ])
      .returning();
    const booked = await tx
      .insert(applications)
      .values([
        // Amina is selected: signed in, she can choose a session.
        { participantId: rows[0]!.id, testId: mobile!.id, status: 'selected' },
        {
          participantId: rows[1]!.id,
          testId: mobile!.id,
          status: 'scheduled',
          scheduledAt: now,
          sessionId: inPerson!.id,
          calendarSequence: 1,
        },
        { participantId: rows[2]!.id, testId: checkout!.id, status: 'screening' },
        // The safety survey's one place is taken: it shows as full.
        {
          participantId: rows[5]!.id,
          testId: safety!.id,
          status: 'scheduled',
          scheduledAt: now,
          sessionId: safetyTalk!.id,
          calendarSequence: 1,
        },
        { participantId: rows[4]!.id, testId: safety!.id, status: 'selected' },
        // Brian missed the onboarding session without warning: his reliability shows it.
        {
          participantId: rows[1]!.id,
          testId: onboarding!.id,
          status: 'no_show',
          sessionId: ranBefore!.id,
          attendance: 'no_show' as const,
          attendanceAt: eatAt(now, -50, '13:30'),
        },
      ])
      .returning();
    for (const [application, session] of [
      [booked[1]!, inPerson!],
      [booked[3]!, safetyTalk!],
    ] as const)
      await armReminders(
        tx,
        { applicationId: application.id, sessionId: session.id, startsAt: session.startsAt },
        now,
      );
    await tx.insert(waitlistEntries).values({ testId: safety!.id, applicationId: booked[4]!.id });
    const done = await tx
      .insert(applications)
      .values([
        {
          participantId: rows[3]!.id,
          testId: onboarding!.id,
          status: 'completed',
          hoursWorked: '3.00',
          completedAt: eatAt(now, -50, '14:00'),
          sessionId: ranBefore!.id,
          attendance: 'attended' as const,
          attendanceAt: eatAt(now, -50, '13:30'),
        },
        {
          participantId: rows[4]!.id,
          testId: onboarding!.id,
          status: 'completed',
          hoursWorked: '3.00',
          completedAt: eatAt(now, -50, '14:00'),
          sessionId: ranBefore!.id,
          attendance: 'attended' as const,
          attendanceAt: eatAt(now, -50, '13:30'),
        },
      ])
      .returning();
    await tx.insert(payments).values([
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
    for (const r of rows) await recomputeEarnings(tx, r.id);
    await tx.insert(clientRequests).values([
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
    await tx.insert(researchRequests).values({
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
    for (const study of [mobile, checkout, onboarding, safety])
      await refreshPlacesTaken(tx, study!.id);
    await saveSiteSettings(tx, { studiesOpen: true }, null);
    return {
      participants: rows,
      studies: 4,
      sessions: 4,
      applications: 8,
      payments: 2,
      requests: 3,
    };
  });
}
