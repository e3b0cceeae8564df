import type { Earnings, Participant } from '../../../shared/schemas/participants';
import type { RecruitingProfile } from '../../../shared/schemas/recruiting';
import { phoneDigits } from '../../lib/csv';
import type { ParticipantRow } from '../accounts/users.repo';
import type { EarningsRow } from './participants.repo';

/** The only way a participant row leaves the server: no password hash, no reset token, no counters. */
export function toParticipant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    payoutPhone: row.payoutPhone ?? row.phone,
    payoutPhoneIsPhone: row.payoutPhone === null || row.payoutPhone === row.phone,
    profilePhoto: row.profilePhoto,
    location: row.location,
    age: row.age,
    occupation: row.occupation,
    dateOfBirth: row.dateOfBirth,
    education: row.education,
    language: row.language,
    isActive: row.isActive,
    isVerified: row.isVerified,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...toRecruitingProfile(row),
    blocked: row.blockedAt !== null,
  };
}

/** The research profile of decisions.md section 10, as stored (the columns hold only option values). */
export function toRecruitingProfile(row: ParticipantRow): RecruitingProfile {
  return {
    gender: row.gender as RecruitingProfile['gender'],
    county: row.county as RecruitingProfile['county'],
    town: row.town,
    employment: row.employment as RecruitingProfile['employment'],
    incomeBand: row.incomeBand as RecruitingProfile['incomeBand'],
    languages: row.languages as RecruitingProfile['languages'],
    devices: row.devices as RecruitingProfile['devices'],
    mobileMoney: row.mobileMoney as RecruitingProfile['mobileMoney'],
    internetAccess: row.internetAccess as RecruitingProfile['internetAccess'],
    inviteOptIn: row.inviteOptIn,
  };
}

/** A participant's earnings row as the API answers it; no row yet (nothing earned) is zeros. */
export function toEarnings(row: EarningsRow | null | undefined): Earnings {
  return {
    totalEarned: row?.totalEarned ?? '0.00',
    totalPaid: row?.totalPaid ?? '0.00',
    pendingPayments: row?.pendingPayments ?? '0.00',
    completedTests: row?.completedTests ?? 0,
    lastPaymentAt: row?.lastPaymentAt?.toISOString() ?? null,
    currency: 'KES',
  };
}

/** participants.csv, the spec's columns. */
export const PARTICIPANTS_CSV_HEADER = [
  'Name',
  'Email',
  'Phone',
  'Location',
  'Age',
  'Occupation',
  'Joined',
];

export function toParticipantCsvRecord(p: ParticipantRow): unknown[] {
  return [
    `${p.firstName} ${p.lastName}`,
    p.email,
    phoneDigits(p.phone),
    p.location ?? '',
    p.age ?? '',
    p.occupation ?? '',
    p.createdAt.toISOString().slice(0, 10),
  ];
}

/** A payment in "Download my data": the stored fields, dates as ISO text. */
export function toExportedPayment<P extends { processedAt: Date | null; createdAt: Date }>(p: P) {
  return {
    ...p,
    processedAt: p.processedAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}
