import type { Earnings, Participant } from '../../../shared/schemas/participants';
import type { earnings } from '../../db/schema/index';
import type { ParticipantRow } from '../accounts/users.repo';

/** The only way a participant row leaves the server: no password hash, no reset token, no counters. */
export function toParticipant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    profilePhoto: row.profilePhoto,
    location: row.location,
    age: row.age,
    occupation: row.occupation,
    dateOfBirth: row.dateOfBirth,
    education: row.education,
    isActive: row.isActive,
    isVerified: row.isVerified,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A participant's earnings row as the API answers it; no row yet (nothing earned) is zeros. */
export function toEarnings(row: typeof earnings.$inferSelect | null | undefined): Earnings {
  return {
    totalEarned: row?.totalEarned ?? '0.00',
    totalPaid: row?.totalPaid ?? '0.00',
    pendingPayments: row?.pendingPayments ?? '0.00',
    completedTests: row?.completedTests ?? 0,
    lastPaymentAt: row?.lastPaymentAt?.toISOString() ?? null,
    currency: 'KES',
  };
}
