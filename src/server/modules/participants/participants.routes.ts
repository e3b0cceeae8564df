import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { changePasswordSchema } from '../../../shared/schemas/auth';
import {
  accountProfileSchema,
  earningsSchema,
  myPaymentSchema,
  participantProfileUpdateSchema,
  participantRegistrationSchema,
  participantListQuerySchema,
  adminParticipantSchema,
  participantSchema,
  participantSearchQuerySchema,
  PHOTO_MAX_BYTES,
  photoMessages,
} from '../../../shared/schemas/participants';
import {
  payoutNumberAnswerSchema,
  payoutNumberSchema,
  statementQuerySchema,
  statementSchema,
} from '../../../shared/schemas/statement';
import { blockSchema } from '../../../shared/schemas/recruiting';
import { AppError, badRequest } from '../../lib/app-error';
import { sendCsv } from '../../lib/csv-export';
import { messageBody, uuidParam, withZod } from '../../lib/route-types';
import {
  requireAdmin,
  requireParticipant,
  requireSelf,
  requireSelfOrAdmin,
} from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { AccountsService } from '../accounts/accounts.service';
import type { ParticipantsService } from './participants.service';
import { tr } from '../../../shared/i18n/runtime';

const PRIVATE = 'private, no-store';
const participantAnswer = z.object({ participant: participantSchema });
// Multipart framing around the file; anything larger is refused before reading.
const MULTIPART_OVERHEAD = 64 * 1024;

/** The participant's own routes, and the admins' list, export and earnings view. */
export async function participantsRoutes(
  app: FastifyInstance,
  opts: { accounts: AccountsService; participants: ParticipantsService },
) {
  const { accounts, participants } = opts;
  const r = withZod(app);
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  r.post(
    '/api/participants/register',
    {
      config: { rateLimit: app.rateLimits.auth },
      schema: { body: participantRegistrationSchema, response: { 201: participantAnswer } },
    },
    async (request, reply) => {
      const participant = await participants.register(request.body, requestContext(request));
      return reply.status(201).header('cache-control', 'no-store').send({ participant });
    },
  );

  r.get(
    '/api/participants',
    {
      preValidation: requireAdmin,
      schema: {
        querystring: participantListQuerySchema,
        response: {
          200: z.object({
            participants: z.array(adminParticipantSchema),
            nextCursor: z.string().nullable(),
            total: z.number().int(),
            /** True when `total` is the planner's rounded estimate (decision 037). */
            totalEstimated: z.boolean(),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return participants.list(request.query);
    },
  );

  r.get(
    '/api/participants/export.csv',
    { preValidation: requireAdmin, schema: { querystring: participantSearchQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'participants.csv', participants.exportCsv(request.query)),
  );

  /** Blocks or unblocks a participant (decisions.md section 10): admins, audited. */
  r.put(
    '/api/participants/:id/block',
    {
      preValidation: requireAdmin,
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        params: uuidParam('id'),
        body: blockSchema,
        response: { 200: z.object({ participant: adminParticipantSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        participant: await participants.block(
          request.params.id,
          request.body,
          requestContext(request),
        ),
      };
    },
  );

  /** A participant's earnings (the participant reads their own at /api/me/earnings). */
  r.get(
    '/api/participants/:id/earnings',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        response: { 200: z.object({ earnings: earningsSchema }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { earnings: await participants.earningsOfParticipant(request.params.id) };
    },
  );

  r.get(
    '/api/participants/:id',
    {
      preValidation: requireSelfOrAdmin('id'),
      schema: { params: uuidParam('id'), response: { 200: participantAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { participant: await participants.get(request.params.id) };
    },
  );

  r.put(
    '/api/participants/:id/profile',
    {
      preValidation: requireSelf('id'),
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        params: uuidParam('id'),
        body: participantProfileUpdateSchema,
        response: { 200: participantAnswer },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return {
        participant: await participants.updateProfile(
          request.params.id,
          request.body,
          requestContext(request),
          request.auth!.sessionIdHash,
        ),
      };
    },
  );

  /** The dashboard's profile form: names, e-mail and phone of the signed-in participant. */
  r.put(
    '/api/participant/profile',
    {
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: { body: accountProfileSchema, response: { 200: participantAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      const auth = request.auth!;
      return {
        participant: await participants.updateProfile(
          auth.user.id,
          request.body,
          requestContext(request),
          auth.sessionIdHash,
        ),
      };
    },
  );

  r.put(
    '/api/participants/:id/password',
    {
      preValidation: requireSelf('id'),
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        params: uuidParam('id'),
        body: changePasswordSchema,
        response: { 200: messageBody },
      },
    },
    async (request) => {
      const auth = request.auth!;
      await accounts.changePassword(
        { id: auth.user.id, type: 'participant' },
        request.body,
        auth.sessionIdHash,
        requestContext(request),
      );
      return { message: tr('errors', 'done.passwordChanged') };
    },
  );

  r.post(
    '/api/participants/:id/upload-photo',
    {
      preValidation: requireSelf('id'),
      config: { rateLimit: app.rateLimits.photo },
      schema: { params: uuidParam('id'), response: { 200: z.object({ photoUrl: z.string() }) } },
    },
    async (request) => {
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > PHOTO_MAX_BYTES + MULTIPART_OVERHEAD)
        throw new AppError(413, 'TOO_LARGE', photoMessages.size);
      if (!request.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_TYPE', tr('errors', 'photo.multipart'));
      // A body that is not well-formed multipart (no boundary, a cut-off part) is the
      // sender's mistake: 400, never the 500 of an unexpected error.
      const malformed = () => {
        const message = tr('errors', 'photo.unreadable');
        return badRequest(message, { photo: message });
      };
      let file: Awaited<ReturnType<typeof request.file>>;
      try {
        file = await request.file();
      } catch {
        throw malformed();
      }
      if (!file || file.fieldname !== 'photo') {
        const message = tr('errors', 'photo.missing');
        throw badRequest(message, { photo: message });
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof app.multipartErrors.RequestFileTooLargeError)
          throw new AppError(413, 'TOO_LARGE', photoMessages.size);
        throw malformed();
      }
      return {
        photoUrl: await participants.savePhoto(request.params.id, bytes, requestContext(request)),
      };
    },
  );

  /** Personal data: served to its owner and to admins only, revalidated by ETag. */
  r.get(
    '/api/participants/:id/photo',
    { preValidation: requireSelfOrAdmin('id'), schema: { params: uuidParam('id') } },
    async (request, reply) => {
      const photo = await participants.photo(request.params.id);
      const etag = `"${photo.etag}"`;
      reply.header('etag', etag).header('cache-control', PRIVATE).header('vary', 'Cookie');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(photo.contentType).send(photo.data);
    },
  );

  r.delete(
    '/api/participants/:id',
    {
      preValidation: requireSelfOrAdmin('id'),
      schema: { params: uuidParam('id'), response: { 200: messageBody } },
    },
    async (request, reply) => {
      await participants.remove(request.params.id, requestContext(request));
      if (request.auth!.user.id === request.params.id) reply.clearSessionCookie();
      return { message: tr('errors', 'done.accountDeleted') };
    },
  );

  r.get(
    '/api/me/earnings',
    {
      preValidation: requireParticipant,
      schema: {
        response: {
          200: z.object({ earnings: earningsSchema, payments: z.array(myPaymentSchema) }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return participants.myEarnings(request.auth!.user.id);
    },
  );

  /** The statement (decisions.md section 11): the participant's own payments, never another's. */
  r.get(
    '/api/me/payments',
    {
      preValidation: requireParticipant,
      schema: { querystring: statementQuerySchema, response: { 200: statementSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return participants.statement(request.auth!.user.id, request.query);
    },
  );

  /** Where M-Pesa payouts go; the current password always, told to the old number. */
  r.put(
    '/api/me/payout-number',
    {
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: { body: payoutNumberSchema, response: { 200: payoutNumberAnswerSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return participants.changePayoutNumber(
        request.auth!.user.id,
        request.body,
        requestContext(request),
      );
    },
  );

  r.get('/api/me/export', { preValidation: requireParticipant }, async (request, reply) => {
    const data = await participants.exportOf(request.auth!.user.id);
    return reply
      .header('cache-control', PRIVATE)
      .header('content-disposition', 'attachment; filename="my-data.json"')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
}
