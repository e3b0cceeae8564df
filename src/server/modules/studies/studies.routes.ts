import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createStudySchema,
  studyListSchema,
  studySchema,
  studyStatusSchema,
  updateStudySchema,
} from '../../../shared/schemas/studies';
import { messageBody, sendJsonText, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { StudiesService } from './studies.service';
import { invitationsRoutes } from '../recruiting/invitations.routes';
import { createInvitationsService } from '../recruiting/invitations.service';

const studyAnswer = z.object({ test: studySchema });

/**
 * The largest study a create or edit may carry (decisions.md section 8: 64 KiB on routes whose
 * largest real payload is smaller; a study's is not). A screener at its limits (20 questions of
 * 500 characters, each with 20 options of 200: section 10) is about 300 KB of JSON when every
 * character takes three bytes, beside a description and requirements of 5,000 characters each.
 */
export const STUDY_BODY_BYTES = 512 * 1024;

export async function studiesRoutes(app: FastifyInstance, opts: { studies: StudiesService }) {
  const r = withZod(app);
  // A study's matches and invitations (decisions.md section 10) sit beside it.
  await app.register(invitationsRoutes, {
    invitations: createInvitationsService({
      db: app.db,
      config: app.config,
      log: app.log,
      now: app.clock,
    }),
  });

  // A visitor's list, while held, goes out before Fastify (decision 043); the route below
  // answers the same bytes and headers when it must be loaded, and everyone signed in.
  app.publicAnswers.add('/api/tests', 'no-cache', opts.studies.heldPublicListJson);
  r.get(
    '/api/tests',
    {
      schema: { response: { 200: studyListSchema } },
      config: { accessLog: 'debug' },
    },
    async (request, reply) => {
      const user = request.auth?.user;
      if (user?.userType === 'admin') {
        reply.header('cache-control', 'no-store');
        return { tests: await opts.studies.listAll() };
      }
      // A participant's list is theirs: the studies they are eligible for (decisions.md section 10).
      if (user?.userType === 'participant') {
        reply.header('cache-control', 'private, no-store');
        return opts.studies.listForParticipant(user.id, app.clock());
      }
      reply.header('cache-control', 'no-cache');
      return sendJsonText(reply, await opts.studies.publicListJson());
    },
  );

  /** One study: visitors and participants see active ones only; admins see every status. */
  r.get(
    '/api/tests/:id',
    { schema: { params: uuidParam('id'), response: { 200: studyAnswer } } },
    async (request, reply) => {
      const isAdmin = request.auth?.user.userType === 'admin';
      const test = await opts.studies.getVisible(request.params.id, isAdmin);
      reply.header('cache-control', isAdmin ? 'no-store' : 'no-cache');
      return { test };
    },
  );

  r.post(
    '/api/tests',
    {
      // Refused before the body is read: a visitor never makes the server take 512 KiB.
      onRequest: requireAdmin,
      bodyLimit: STUDY_BODY_BYTES,
      schema: { body: createStudySchema, response: { 201: studyAnswer } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ test: await opts.studies.create(request.body, requestContext(request)) }),
  );

  /** Staff edit a study after creating it (decisions.md section 6): any of the creation fields. */
  r.put(
    '/api/tests/:id',
    {
      // Refused before the body is read: a visitor never makes the server take 512 KiB.
      onRequest: requireAdmin,
      bodyLimit: STUDY_BODY_BYTES,
      schema: { params: uuidParam('id'), body: updateStudySchema, response: { 200: studyAnswer } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        test: await opts.studies.update(request.params.id, request.body, requestContext(request)),
      };
    },
  );

  r.put(
    '/api/tests/:id/status',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), body: studyStatusSchema, response: { 200: studyAnswer } },
    },
    async (request) => ({
      test: await opts.studies.setStatus(
        request.params.id,
        request.body.status,
        requestContext(request),
      ),
    }),
  );

  r.delete(
    '/api/tests/:id',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), response: { 200: messageBody } },
    },
    async (request) => {
      await opts.studies.remove(request.params.id, requestContext(request));
      return { message: 'Test deleted' };
    },
  );
}
