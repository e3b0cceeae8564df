import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLoggedTestApp, type LoggedTestApp } from '../../../../test/app';
import { createTestDatabase } from '../../../../test/db';

let t: LoggedTestApp;
let databaseDown = false;
beforeAll(async () => {
  const database = await createTestDatabase();
  // The real database, whose readiness probe can be made to fail.
  const ping = async () => {
    if (databaseDown) throw new Error('connection refused');
    await database.ping();
  };
  t = await buildLoggedTestApp({ database: { ...database, ping } });
});
afterAll(async () => {
  await t.close();
});

describe('health and readiness', () => {
  it('answers alive and ready while the database answers', async () => {
    const health = await t.app.inject({ url: '/api/health' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await t.app.inject({ url: '/api/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  it('is not ready (503, logged) while the database does not answer, and still alive', async () => {
    databaseDown = true;
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { message: 'Database unavailable' }]);
      expect(t.lines.map((l) => l.msg)).toContain('readiness check: database does not answer');
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      databaseDown = false;
    }
  });
});
