import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { decodeMicroCursor, keysetPage } from '../../lib/keyset-cursor';
import { paths } from '../../../shared/paths';
import { canMove, requestTransitions } from '../../../shared/rules/transitions';
import type { RequestStatus } from '../../../shared/schemas/options';
import {
  HONEYPOT_NAME,
  type ClientRequest,
  type ClientRequestData,
  type ResearchRequest,
  type RequestListQuery,
  type ResearchRequestData,
} from '../../../shared/schemas/requests';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import {
  inquiryConfirmationMail,
  inquiryNotificationMail,
  researchConfirmationMail,
  researchNotificationMail,
} from '../mail/mail-copy';
import { enqueueMail } from '../mail/mail.service';
import { activeLanguage } from '../../../shared/i18n/runtime';
import { toClientRequest, toResearchRequest } from './requests.mapper';
import {
  clientRequestsAfter,
  countClientRequests,
  countResearchRequests,
  insertClientRequest,
  insertResearchRequest,
  lockClientRequest,
  lockResearchRequest,
  researchRequestsAfter,
  setClientRequestStatus,
  setResearchRequestStatus,
} from './requests.repo';

/**
 * Leads from the public forms, and the admins' lists and status moves. The request, the
 * team's notification and the sender's confirmation commit together: if mail later fails,
 * the outbox retries it and the request is already stored. Both kinds follow the same
 * states (decisions.md section 5).
 */
export function createRequestsService({
  db,
  config,
  log,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}) {
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };
  const adminUrl = `${config.publicUrl}${paths.adminDashboard}`;

  /** Bots fill the hidden field: they get a success that stores nothing, so they learn nothing. */
  function isBot(
    input: { [HONEYPOT_NAME]?: string | undefined },
    ctx: RequestContext,
    form: string,
  ): boolean {
    if (!input[HONEYPOT_NAME]) return false;
    log.warn({ form, ip: ctx.ip }, 'honeypot filled; submission dropped');
    return true;
  }

  /** One status move of a lead, checked against the transition table under the row's lock. */
  async function move<Row extends { status: RequestStatus }>(
    lead: {
      resource: string;
      lock: (tx: DbOrTx, id: string) => Promise<Row | undefined>;
      set: (tx: DbOrTx, id: string, to: RequestStatus) => Promise<Row | undefined>;
    },
    id: string,
    to: RequestStatus,
    ctx: RequestContext,
  ): Promise<Row> {
    return db.transaction(async (tx) => {
      const current = await lead.lock(tx, id);
      if (!current) throw notFound('Request not found');
      const from = current.status;
      if (!canMove(requestTransitions, from, to))
        throw conflict(`A request cannot move from ${from} to ${to}`);
      const row = await lead.set(tx, id, to);
      if (!row) throw notFound('Request not found');
      await recordAudit(tx, ctx, {
        action: `${lead.resource}.status`,
        resource: lead.resource,
        resourceId: id,
        details: { from, to },
      });
      return row;
    });
  }

  const queryOf = (q: RequestListQuery) => ({ ...q, cursor: decodeMicroCursor(q.cursor) });

  return {
    async createClientRequest(
      input: ClientRequestData,
      ctx: RequestContext,
    ): Promise<ClientRequest> {
      if (isBot(input, ctx, 'client-request')) {
        const now = new Date();
        return toClientRequest({
          ...input,
          id: crypto.randomUUID(),
          urgency: input.urgency ?? null,
          budget: input.budget ?? null,
          status: 'new',
          createdAt: now,
          updatedAt: now,
        });
      }
      return db.transaction(async (tx) => {
        const saved = await insertClientRequest(tx, {
          companyName: input.companyName,
          contactPerson: input.contactPerson,
          email: input.email,
          service: input.service,
          urgency: input.urgency ?? null,
          budget: input.budget ?? null,
          message: input.message,
        });
        if (config.notifyEmail)
          await enqueueMail(
            tx,
            inquiryNotificationMail(config.notifyEmail, saved, adminUrl),
            mailOptions,
          );
        // The visitor's reply in the language of the form they sent (its Accept-Language).
        await enqueueMail(
          tx,
          inquiryConfirmationMail(saved, activeLanguage(), config.contact.email),
          mailOptions,
        );
        await recordAudit(tx, ctx, {
          action: 'client_request.create',
          resource: 'client_request',
          resourceId: saved.id,
        });
        return toClientRequest(saved);
      });
    },

    async createResearchRequest(
      input: ResearchRequestData,
      ctx: RequestContext,
    ): Promise<ResearchRequest> {
      const values = {
        company: input.company,
        contactName: input.contactName,
        email: input.email,
        phone: input.phone,
        projectType: input.projectType ?? null,
        description: input.description,
        timeline: input.timeline ?? null,
        budget: input.budget ?? null,
        targetAudience: input.targetAudience ?? null,
        goals: input.goals ?? null,
      };
      if (isBot(input, ctx, 'research-request')) {
        const now = new Date();
        return toResearchRequest({
          ...values,
          id: crypto.randomUUID(),
          status: 'new',
          createdAt: now,
          updatedAt: now,
        });
      }
      return db.transaction(async (tx) => {
        const saved = await insertResearchRequest(tx, values);
        if (config.notifyEmail)
          await enqueueMail(
            tx,
            researchNotificationMail(config.notifyEmail, saved, adminUrl),
            mailOptions,
          );
        await enqueueMail(
          tx,
          researchConfirmationMail(saved, activeLanguage(), config.contact.email),
          mailOptions,
        );
        await recordAudit(tx, ctx, {
          action: 'research_request.create',
          resource: 'research_request',
          resourceId: saved.id,
        });
        return toResearchRequest(saved);
      });
    },

    /** Inquiries, newest first, filtered, keyset-paginated. */
    async listClient(q: RequestListQuery) {
      const query = queryOf(q);
      const rows = await clientRequestsAfter(db, { ...query, limit: q.limit + 1 });
      const { shown, nextCursor } = keysetPage(rows, q.limit, (r) => ({
        at: r.cursorAt,
        id: r.row.id,
      }));
      return {
        clientRequests: shown.map((r) => toClientRequest(r.row)),
        nextCursor,
        total: await countClientRequests(db, query),
      };
    },

    /** Research requests, like the inquiries. */
    async listResearch(q: RequestListQuery) {
      const query = queryOf(q);
      const rows = await researchRequestsAfter(db, { ...query, limit: q.limit + 1 });
      const { shown, nextCursor } = keysetPage(rows, q.limit, (r) => ({
        at: r.cursorAt,
        id: r.row.id,
      }));
      return {
        researchRequests: shown.map((r) => toResearchRequest(r.row)),
        nextCursor,
        total: await countResearchRequests(db, query),
      };
    },

    moveClient: async (id: string, to: RequestStatus, ctx: RequestContext) =>
      toClientRequest(
        await move(
          {
            resource: 'client_request',
            lock: lockClientRequest,
            set: setClientRequestStatus,
          },
          id,
          to,
          ctx,
        ),
      ),

    moveResearch: async (id: string, to: RequestStatus, ctx: RequestContext) =>
      toResearchRequest(
        await move(
          {
            resource: 'research_request',
            lock: lockResearchRequest,
            set: setResearchRequestStatus,
          },
          id,
          to,
          ctx,
        ),
      ),
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
