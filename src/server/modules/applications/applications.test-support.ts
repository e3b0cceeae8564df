import { expect } from 'vitest';
import type { TestApp } from '../../../../test/app';
import { loginAs } from '../../../../test/factories';

/**
 * The steps the tests of studies, applications and payments take through the API: a new
 * participant applies, and an admin moves the application or its payment.
 */
export function applicationSteps(testApp: () => TestApp, admin: () => { cookie: string }) {
  // Read when a step runs: the tests build their app in beforeAll, after this is called.
  const app = () => testApp().app;
  return {
    async apply(studyId: string) {
      const who = await loginAs(app(), testApp().database.db, 'participant');
      const res = await app().inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie: who.cookie },
        payload: { participantId: who.id, testId: studyId },
      });
      expect(res.statusCode).toBe(201);
      return { ...who, applicationId: res.json().application.id as string };
    },
    move: (applicationId: string, payload: object) =>
      app().inject({
        method: 'PUT',
        url: `/api/applications/${applicationId}/status`,
        headers: { cookie: admin().cookie },
        payload,
      }),
    pay: (paymentId: string, payload: object) =>
      app().inject({
        method: 'PUT',
        url: `/api/payments/${paymentId}/status`,
        headers: { cookie: admin().cookie },
        payload,
      }),
  };
}
