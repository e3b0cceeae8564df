import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applicationSchema } from '../../../shared/schemas/applications';
import {
  attendanceSchema,
  bookingSchema,
  createSessionSchema,
  createSessionSeriesSchema,
  sessionAttendanceSchema,
  sessionSchema,
  sessionStatusSchema,
  updateSessionSchema,
  waitlistEntrySchema,
} from '../../../shared/schemas/sessions';
import { messageBody, uuidParam, withZod } from '../../lib/route-types';
import { requireAdmin, requireParticipant, requireUser } from '../../plugins/guards';
import { requestContext } from '../../plugins/session';
import type { SessionsService } from './sessions.service';

/** decisions.md section 9: sessions (admins), booking (the application's participant or admins), waitlist, calendar. */
export async function sessionsRoutes(app: FastifyInstance, opts: { sessions: SessionsService }) {
  const r = withZod(app);
  const { sessions } = opts;
  const one = { 200: z.object({ session: sessionSchema }) };
  const anApplication = { 200: z.object({ application: applicationSchema }) };

  r.post(
    '/api/tests/:id/sessions',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: createSessionSchema,
        response: { 201: z.object({ session: sessionSchema }) },
      },
    },
    async (request, reply) => {
      const session = await sessions.create(
        request.params.id,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send({ session });
    },
  );

  r.post(
    '/api/tests/:id/sessions/series',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: createSessionSeriesSchema,
        response: { 201: z.object({ sessions: z.array(sessionSchema) }) },
      },
    },
    async (request, reply) => {
      const created = await sessions.createSeries(
        request.params.id,
        request.body,
        requestContext(request),
      );
      return reply.status(201).send({ sessions: created });
    },
  );

  r.get(
    '/api/tests/:id/sessions',
    {
      preValidation: requireUser,
      schema: {
        params: uuidParam('id'),
        response: { 200: z.object({ sessions: z.array(sessionSchema) }) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { sessions: await sessions.list(request.auth!.user, request.params.id) };
    },
  );

  r.put(
    '/api/sessions/:id',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), body: updateSessionSchema, response: one },
    },
    async (request) => ({
      session: await sessions.update(request.params.id, request.body, requestContext(request)),
    }),
  );

  r.put(
    '/api/sessions/:id/status',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), body: sessionStatusSchema, response: one },
    },
    async (request) => ({
      session: await sessions.cancel(request.params.id, requestContext(request)),
    }),
  );

  r.delete(
    '/api/sessions/:id',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), response: { 200: messageBody } },
    },
    async (request) => {
      await sessions.remove(request.params.id, requestContext(request));
      return { message: 'Session deleted' };
    },
  );

  r.put(
    '/api/sessions/:id/attendance',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        body: sessionAttendanceSchema,
        response: { 200: z.object({ applications: z.array(applicationSchema) }) },
      },
    },
    async (request) => ({
      applications: await sessions.markSessionAttendance(
        request.params.id,
        request.body,
        requestContext(request),
      ),
    }),
  );

  r.post(
    '/api/applications/:id/booking',
    {
      preValidation: requireUser,
      config: { rateLimit: app.rateLimits.writes },
      schema: { params: uuidParam('id'), body: bookingSchema, response: anApplication },
    },
    async (request) => ({
      application: await sessions.book(
        request.auth!.user,
        request.params.id,
        request.body.sessionId,
        requestContext(request),
      ),
    }),
  );

  r.delete(
    '/api/applications/:id/booking',
    {
      preValidation: requireUser,
      config: { rateLimit: app.rateLimits.writes },
      schema: { params: uuidParam('id'), response: anApplication },
    },
    async (request) => ({
      application: await sessions.cancelBooking(
        request.auth!.user,
        request.params.id,
        requestContext(request),
      ),
    }),
  );

  r.post(
    '/api/applications/:id/withdraw',
    {
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: { params: uuidParam('id'), response: anApplication },
    },
    async (request) => ({
      application: await sessions.withdraw(
        request.auth!.user,
        request.params.id,
        requestContext(request),
      ),
    }),
  );

  r.put(
    '/api/applications/:id/attendance',
    {
      preValidation: requireAdmin,
      schema: { params: uuidParam('id'), body: attendanceSchema, response: anApplication },
    },
    async (request) => ({
      application: await sessions.markAttendance(
        request.params.id,
        request.body.attendance,
        requestContext(request),
      ),
    }),
  );

  r.get(
    '/api/applications/:id/calendar.ics',
    { preValidation: requireUser, schema: { params: uuidParam('id') } },
    async (request, reply) => {
      const file = await sessions.calendar(request.auth!.user, request.params.id);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="session.ics"')
        .type('text/calendar; charset=utf-8')
        .send(file);
    },
  );

  r.post(
    '/api/participants/:id/reliability/reset',
    {
      preValidation: requireAdmin,
      schema: {
        params: uuidParam('id'),
        response: { 200: z.object({ message: z.string(), noShowsBefore: z.number().int() }) },
      },
    },
    async (request) => {
      const { noShowsBefore } = await sessions.resetReliability(
        request.params.id,
        requestContext(request),
      );
      return { message: 'No-shows reset: the participant can book again', noShowsBefore };
    },
  );

  r.post(
    '/api/tests/:id/waitlist',
    {
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        params: uuidParam('id'),
        response: { 201: z.object({ entry: waitlistEntrySchema }) },
      },
    },
    async (request, reply) => {
      const entry = await sessions.joinWaitlist(
        request.auth!.user,
        request.params.id,
        requestContext(request),
      );
      return reply.status(201).send({ entry });
    },
  );

  r.delete(
    '/api/tests/:id/waitlist',
    {
      preValidation: requireParticipant,
      config: { rateLimit: app.rateLimits.writes },
      schema: {
        params: uuidParam('id'),
        response: { 200: z.object({ entry: waitlistEntrySchema }) },
      },
    },
    async (request) => ({
      entry: await sessions.leaveWaitlist(
        request.auth!.user,
        request.params.id,
        requestContext(request),
      ),
    }),
  );
}
