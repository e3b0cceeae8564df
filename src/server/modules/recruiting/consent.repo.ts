import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consentRecords, participants } from '../../db/schema/index';

export type ConsentKind = (typeof consentRecords.$inferInsert)['kind'];
export type ConsentSource = (typeof consentRecords.$inferInsert)['source'];
export type ConsentRecord = { kind: ConsentKind; value: string };

/** Consent given or withdrawn, kept as evidence (one row each, in the caller's transaction). */
export async function insertConsentRecords(
  db: DbOrTx,
  participantId: string,
  source: ConsentSource,
  records: ConsentRecord[],
  at?: Date,
): Promise<void> {
  if (records.length === 0) return;
  await db
    .insert(consentRecords)
    .values(
      records.map((r) => ({ participantId, source, ...r, ...(at ? { createdAt: at } : {}) })),
    );
}

/** The participant's consent records, oldest first ("Download my data"). */
export async function consentRecordsOf(db: DbOrTx, participantId: string) {
  return db
    .select({
      kind: consentRecords.kind,
      value: consentRecords.value,
      source: consentRecords.source,
      createdAt: consentRecords.createdAt,
    })
    .from(consentRecords)
    .where(eq(consentRecords.participantId, participantId))
    .orderBy(asc(consentRecords.createdAt), asc(consentRecords.id));
}

const consentColumns = {
  termsVersion: participants.termsVersion,
  privacyVersion: participants.privacyVersion,
  consentedAt: participants.consentedAt,
  inviteOptIn: participants.inviteOptIn,
  studyMail: participants.studyMail,
};
export type ConsentRow = {
  termsVersion: string | null;
  privacyVersion: string | null;
  consentedAt: Date | null;
  inviteOptIn: boolean;
  studyMail: boolean;
};

export async function findConsent(db: DbOrTx, id: string): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select(consentColumns)
    .from(participants)
    .where(eq(participants.id, id))
    .limit(1);
  return row;
}

/** The consent columns, locked until the transaction ends (a change of choice). */
export async function lockConsent(tx: DbOrTx, id: string): Promise<ConsentRow | undefined> {
  const [row] = await tx
    .select(consentColumns)
    .from(participants)
    .where(eq(participants.id, id))
    .for('update');
  return row;
}

export async function updateConsent(
  tx: DbOrTx,
  id: string,
  values: Partial<ConsentRow>,
): Promise<ConsentRow | undefined> {
  const [row] = await tx
    .update(participants)
    .set(values)
    .where(eq(participants.id, id))
    .returning(consentColumns);
  return row;
}
