import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { clientRequests, researchRequests } from '../../db/schema/index';
import { paths } from '../../../shared/paths';
import type { RequestStatus } from '../../../shared/schemas/options';
import {
  HONEYPOT_NAME,
  type ClientRequest,
  type ClientRequestData,
  type ResearchRequest,
  type ResearchRequestData,
} from '../../../shared/schemas/requests';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import {
  inquiryConfirmationMail,
  inquiryNotificationMail,
  researchConfirmationMail,
  researchNotificationMail,
} from '../mail/lead-mails';
import { enqueueMail } from '../mail/mail.service';

type ClientRow = typeof clientRequests.$inferSelect;
type ResearchRow = typeof researchRequests.$inferSelect;

export function toClientRequest(row: ClientRow): ClientRequest {
  return {
    id: row.id,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    email: row.email,
    service: row.service,
    urgency: row.urgency,
    budget: row.budget,
    message: row.message,
    status: row.status as RequestStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toResearchRequest(row: ResearchRow): ResearchRequest {
  return {
    id: row.id,
    company: row.company,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    projectType: row.projectType,
    description: row.description,
    timeline: row.timeline,
    budget: row.budget,
    targetAudience: row.targetAudience,
    goals: row.goals,
    status: row.status as RequestStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Leads from the public forms. The request, the team's notification and the
 * sender's confirmation commit together: if mail later fails, the outbox
 * retries it and the request is already stored.
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
        const [row] = await tx
          .insert(clientRequests)
          .values({
            companyName: input.companyName,
            contactPerson: input.contactPerson,
            email: input.email,
            service: input.service,
            urgency: input.urgency ?? null,
            budget: input.budget ?? null,
            message: input.message,
          })
          .returning();
        const saved = row!;
        if (config.notifyEmail)
          await enqueueMail(
            tx,
            inquiryNotificationMail(config.notifyEmail, saved, adminUrl),
            mailOptions,
          );
        await enqueueMail(tx, inquiryConfirmationMail(saved), mailOptions);
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
        const [row] = await tx.insert(researchRequests).values(values).returning();
        const saved = row!;
        if (config.notifyEmail)
          await enqueueMail(
            tx,
            researchNotificationMail(config.notifyEmail, saved, adminUrl),
            mailOptions,
          );
        await enqueueMail(tx, researchConfirmationMail(saved), mailOptions);
        await recordAudit(tx, ctx, {
          action: 'research_request.create',
          resource: 'research_request',
          resourceId: saved.id,
        });
        return toResearchRequest(saved);
      });
    },
  };
}
export type RequestsService = ReturnType<typeof createRequestsService>;
