import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { languages, type Language } from '../../../shared/i18n/languages';
import { paths } from '../../../shared/paths';
import { nairobiToday } from '../../../shared/rules/eligibility';
import {
  type Criteria,
  type InvitationResult,
  type Matches,
  normaliseCriteria,
} from '../../../shared/schemas/recruiting';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { findStudy, lockStudy, type StudyRow } from '../studies/studies.repo';
import { studyNotFound } from '../studies/studies.service';
import { INVITATION_KIND, invitationMailer, invitationSms } from './invitation-copy';
import {
  countMatches,
  countMatchesWithin,
  insertMails,
  insertSmsBatch,
  inviteParticipants,
  type MatchScope,
} from './invitations.repo';
import { listUnsubscribeHeaders, unsubscribeSignerFor } from './unsubscribe-token';

const DAY_MS = 24 * 3600_000;
/** The numbers an SMS can go to (enqueueSms's rule); a number left as typed gets none. */
const E164 = /^\+[1-9]\d{6,14}$/;

export const NOT_ACTIVE_FOR_INVITES =
  'Only an active study can invite participants: activate it first';

/**
 * Matching counts and invitations (decisions.md section 10, docs/decisions/036-recruiting.md),
 * for admins: who fits a study, and inviting the invitable ones by mail (and SMS when an
 * SMS provider is configured), all through the outboxes, in one transaction.
 */
export function createInvitationsService(deps: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, config, log } = deps;
  const now = deps.now ?? (() => new Date());
  const scopeOf = (study: StudyRow, at: Date): MatchScope => ({
    testId: study.id,
    criteria: study.criteria,
    today: nairobiToday(at),
    cooldownStart: new Date(at.getTime() - config.inviteCooldownDays * DAY_MS),
  });

  return {
    /**
     * GET /api/tests/{id}/matches: eligible people who have not applied, and the invitable
     * among them; of `draft` criteria (the edit dialog's, not saved yet) when given.
     */
    async matches(testId: string, draft?: Criteria): Promise<Matches> {
      const study = await findStudy(db, testId);
      if (!study) throw notFound(studyNotFound());
      const scope = scopeOf(study, now());
      const counts = await countMatchesWithin(
        db,
        draft ? { ...scope, criteria: normaliseCriteria(draft) } : scope,
      );
      return {
        ...counts.value,
        estimated: counts.estimated,
        cooldownDays: config.inviteCooldownDays,
      };
    },

    /**
     * POST /api/tests/{id}/invitations: invites up to `limit` invitable participants, least
     * recently invited first. The study row is locked for the transaction, so two clicks
     * queue up and the second sees the first's invitations; the unique invitation per study
     * and person holds even so.
     */
    async invite(testId: string, limit: number, ctx: RequestContext): Promise<InvitationResult> {
      const at = now();
      const signer = await unsubscribeSignerFor(db, config.publicUrl);
      const result = await db.transaction(async (tx) => {
        const study = await lockStudy(tx, testId, 'update');
        if (!study) throw notFound(studyNotFound());
        if (study.status !== 'active') throw conflict(NOT_ACTIVE_FOR_INVITES);
        const scope = scopeOf(study, at);
        const counts = await countMatches(tx, scope);
        const people = await inviteParticipants(tx, {
          ...scope,
          limit,
          invitedBy: ctx.actor?.id ?? null,
          now: at,
        });
        const dashboardUrl = `${config.publicUrl}${paths.participantDashboard}`;
        const mailFor = invitationMailer(study, dashboardUrl);
        await insertMails(
          tx,
          people.map((person) => {
            // A person clicks the page (GET); a mail client posts to the API (RFC 8058).
            const mail = mailFor(person, signer.pageUrl(person.id, 'invitations', person.language));
            return {
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html ?? '',
              kind: INVITATION_KIND,
              headers: listUnsubscribeHeaders(signer.url(person.id, 'invitations')),
            };
          }),
        );
        let texts = 0;
        if (config.sms.provider !== 'log') {
          const smsOf = new Map<Language, string | null>(
            languages.map((l) => [l, invitationSms(study, l, dashboardUrl)]),
          );
          const messages = people.flatMap((p) => {
            const body = smsOf.get(p.language);
            return body && E164.test(p.phone) ? [{ to: p.phone, body, kind: INVITATION_KIND }] : [];
          });
          await insertSmsBatch(tx, messages);
          texts = messages.length;
        }
        const answer: InvitationResult = {
          invited: people.length,
          skipped: {
            cooldown: counts.cooldown,
            optedOut: counts.optedOut,
            alreadyInvited: counts.alreadyInvited,
          },
        };
        await recordAudit(tx, ctx, {
          action: 'study.invite',
          resource: 'study',
          resourceId: study.id,
          details: { limit, ...answer, sms: texts },
        });
        return { answer, texts };
      });
      if (result.answer.invited > 0)
        // One line for the batch: never an address or a body (decisions.md section 8).
        log.info(
          { testId, invited: result.answer.invited, sms: result.texts },
          config.smtpUrl === undefined
            ? 'invitations queued (SMTP_URL not set, not sent; see the Outbox tab)'
            : 'invitations queued',
        );
      return result.answer;
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
