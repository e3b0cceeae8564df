import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { loginAs } from '../../../../test/factories';

let t: TestApp;
let boss: { cookie: string; id: string; email: string };
beforeAll(async () => {
  t = await buildTestApp();
  boss = await loginAs(t.app, t.database.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: boss.cookie }, ...(payload ? { payload } : {}) });
const inquiry = (companyName: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-requests',
    payload: {
      companyName,
      contactPerson: 'Njeri',
      email: 'njeri@example.com',
      service: 'research',
      message: 'Help us.',
    },
  });

describe('client and research requests for admins', () => {
  it('lists inquiries newest first, filters by status and search, and moves them along their states', async () => {
    const first = (await inquiry('Safari Foods')).json().clientRequest;
    await inquiry('Matatu Maps');
    const list = (await admin('GET', '/api/client-requests')).json();
    expect(
      list.clientRequests.map((r: { companyName: string }) => r.companyName).slice(0, 2),
    ).toEqual(['Matatu Maps', 'Safari Foods']);
    expect(list.total).toBeGreaterThanOrEqual(2);
    expect(
      (await admin('GET', '/api/client-requests?search=safari')).json().clientRequests,
    ).toHaveLength(1);

    expect(
      (await admin('PUT', `/api/client-requests/${first.id}/status`, { status: 'closed' }))
        .statusCode,
    ).toBe(409);
    for (const status of ['contacted', 'in-progress', 'closed']) {
      expect(
        (await admin('PUT', `/api/client-requests/${first.id}/status`, { status })).statusCode,
      ).toBe(200);
    }
    expect(
      (await admin('GET', '/api/client-requests?status=closed'))
        .json()
        .clientRequests.map((r: { id: string }) => r.id),
    ).toEqual([first.id]);
  });

  it('moves research requests with the same rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/research-requests',
      payload: {
        company: 'Duka Pay',
        contactName: 'Otieno',
        email: 'o@duka.example',
        phone: '+254712345678',
        description: 'Validate onboarding.',
      },
    });
    const id = res.json().researchRequest.id;
    expect(
      (await admin('PUT', `/api/research-requests/${id}/status`, { status: 'in-progress' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await admin('PUT', `/api/research-requests/${id}/status`, { status: 'contacted' }))
        .statusCode,
    ).toBe(409);
    expect((await admin('GET', '/api/research-requests')).json().researchRequests[0].status).toBe(
      'in-progress',
    );
  });

  it('is for admins only', async () => {
    const p = await loginAs(t.app, t.database.db, 'participant');
    expect(
      (await t.app.inject({ url: '/api/client-requests', headers: { cookie: p.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/research-requests' })).statusCode).toBe(401);
  });
});
