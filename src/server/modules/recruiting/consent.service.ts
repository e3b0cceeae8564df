import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { tr } from '../../../shared/i18n/runtime';
import type { Consent, ConsentUpdate } from '../../../shared/schemas/recruiting';
import { LEGAL_VERSIONS } from '../../../shared/site';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import {
  findConsent,
  insertConsentRecords,
  lockConsent,
  updateConsent,
  type ConsentRecord,
  type ConsentRow,
} from './consent.repo';

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The consent a participant holds, as GET and PUT /api/me/consent answer it. */
export function toConsent(row: ConsentRow): Consent {
  return {
    termsVersion: row.termsVersion,
    privacyVersion: row.privacyVersion,
    acceptedAt: row.consentedAt?.toISOString() ?? null,
    // Versions never recorded (accounts older than versioning) count as not the current ones.
    needsAcceptance:
      row.termsVersion !== LEGAL_VERSIONS.terms || row.privacyVersion !== LEGAL_VERSIONS.privacy,
    current: { terms: LEGAL_VERSIONS.terms, privacy: LEGAL_VERSIONS.privacy },
    inviteOptIn: row.inviteOptIn,
    studyMail: row.studyMail,
  };
}

/** The participant's own consent (decisions.md section 10): read it, accept again, change a choice. */
export function createConsentService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  return {
    async get(participantId: string): Promise<Consent> {
      const row = await findConsent(db, participantId);
      if (!row) throw notFound(tr('errors', 'participant.notFound'));
      return toConsent(row);
    },

    /**
     * Each change is kept as evidence (a consent record, source 'settings') and audited;
     * accepting the current versions is recorded even when they were already accepted (the
     * participant acted on the notice shown).
     */
    async update(participantId: string, input: ConsentUpdate, ctx: RequestContext) {
      return db.transaction(async (tx) => {
        const before = await lockConsent(tx, participantId);
        if (!before) throw notFound(tr('errors', 'participant.notFound'));
        const values: Partial<ConsentRow> = {};
        const records: ConsentRecord[] = [];
        if (input.acceptCurrent) {
          values.termsVersion = LEGAL_VERSIONS.terms;
          values.privacyVersion = LEGAL_VERSIONS.privacy;
          values.consentedAt = now();
          records.push(
            { kind: 'terms', value: LEGAL_VERSIONS.terms },
            { kind: 'privacy', value: LEGAL_VERSIONS.privacy },
          );
        }
        if (input.inviteOptIn !== undefined && input.inviteOptIn !== before.inviteOptIn) {
          values.inviteOptIn = input.inviteOptIn;
          records.push({ kind: 'invitations', value: yesNo(input.inviteOptIn) });
        }
        if (input.studyMail !== undefined && input.studyMail !== before.studyMail) {
          values.studyMail = input.studyMail;
          records.push({ kind: 'study_mail', value: yesNo(input.studyMail) });
        }
        if (records.length === 0) return toConsent(before);
        const after = await updateConsent(tx, participantId, values);
        if (!after) throw notFound(tr('errors', 'participant.notFound'));
        await insertConsentRecords(tx, participantId, 'settings', records, now());
        await recordAudit(tx, ctx, {
          action: 'participant.consent',
          resource: 'participant',
          resourceId: participantId,
          details: { changes: records },
        });
        return toConsent(after);
      });
    },
  };
}
export type ConsentService = ReturnType<typeof createConsentService>;
