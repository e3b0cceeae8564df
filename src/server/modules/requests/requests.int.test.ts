import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRequests, mailOutbox, researchRequests } from '../../db/schema/index';
import { buildTestApp, type TestApp } from '../../../../test/app';
import { clientRequestInput, researchRequestInput } from '../../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFY_EMAIL: 'team@insightlab.example' } });
});
afterAll(async () => {
  await t.close();
});

// The factories' bodies, with the fixed addresses this file's outbox checks look for.
const inquiry = (overrides: Record<string, unknown> = {}) => ({
  ...clientRequestInput(),
  email: 'njeri@safarifoods.example',
  ...overrides,
});
const research = (overrides: Record<string, unknown> = {}) => ({
  ...researchRequestInput(),
  email: 'otieno@matatumaps.example',
  goals: 'Will they pay?\nWhich features matter?',
  ...overrides,
});
const count = async (table: typeof clientRequests | typeof researchRequests) =>
  (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const mailsTo = (address: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

describe('POST /api/client-requests', () => {
  it('stores the inquiry before answering 201, and queues the team notice and the 24-hour confirmation', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: inquiry(),
    });
    expect(res.statusCode).toBe(201);
    const { clientRequest } = res.json();
    expect(clientRequest).toMatchObject({
      companyName: 'Safari Foods',
      service: 'research',
      status: 'new',
    });
    const [row] = await t.database.db
      .select()
      .from(clientRequests)
      .where(eq(clientRequests.id, clientRequest.id));
    expect(row).toBeDefined();
    const [notice] = await mailsTo('team@insightlab.example');
    expect(notice).toMatchObject({ kind: 'inquiry-notification', status: 'pending' });
    expect(notice!.textBody).toContain('Safari Foods');
    const [confirmation] = await mailsTo('njeri@safarifoods.example');
    expect(confirmation!.textBody).toContain('within 24 hours');
  });

  it('takes urgency and budget as optional', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: inquiry({ urgency: '', budget: undefined }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().clientRequest).toMatchObject({ urgency: null, budget: null });
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['missing company', { companyName: '' }, 'companyName', 'Company name is required'],
    [
      'missing contact',
      { contactPerson: undefined },
      'contactPerson',
      'Contact person is required',
    ],
    ['bad email', { email: 'njeri-at-safari' }, 'email', 'Please enter a valid email address'],
    ['unknown service', { service: 'astrology' }, 'service', 'Please choose a service'],
    ['unknown urgency', { urgency: 'yesterday' }, 'urgency', 'Please choose one of the options'],
    ['unknown budget', { budget: '1m+' }, 'budget', 'Please choose one of the options'],
    ['missing details', { message: '   ' }, 'message', 'Please tell us about your project'],
    [
      'details too long',
      { message: 'x'.repeat(5001) },
      'message',
      'Project details must be at most 5000 characters',
    ],
  ];
  for (const [name, change, field, message] of invalid) {
    it(`refuses ${name} with 400 on ${field} and stores nothing`, async () => {
      const before = await count(clientRequests);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-requests',
        payload: inquiry(change),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      expect(await count(clientRequests)).toBe(before);
    });
  }

  it('answers a filled honeypot like a success but stores and mails nothing', async () => {
    const before = await count(clientRequests);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: inquiry({ website: 'http://spam.example', email: 'bot@spam.example' }),
    });
    expect(res.statusCode).toBe(201);
    expect(await count(clientRequests)).toBe(before);
    expect(await mailsTo('bot@spam.example')).toHaveLength(0);
  });

  it('escapes markup from the form in the HTML mail', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/client-requests',
      payload: inquiry({
        email: 'xss@safarifoods.example',
        message: '<img src=x onerror=alert(1)> hello',
      }),
    });
    const notices = await mailsTo('team@insightlab.example');
    const html = notices.map((m) => m.htmlBody).join('');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('POST /api/research-requests', () => {
  it('stores the request and queues both mails', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/research-requests',
      payload: research(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().researchRequest).toMatchObject({
      company: 'Matatu Maps',
      projectType: 'mobile-app',
      goals: 'Will they pay?\nWhich features matter?',
    });
    expect((await mailsTo('otieno@matatumaps.example'))[0]!.kind).toBe('research-confirmation');
  });

  it('needs only company, contact name, email, phone and description', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/research-requests',
      payload: research({
        projectType: undefined,
        timeline: '',
        budget: undefined,
        targetAudience: '',
        goals: undefined,
      }),
    });
    expect(res.statusCode).toBe(201);
  });

  const invalid: [Record<string, unknown>, string][] = [
    [{ company: '' }, 'company'],
    [{ contactName: '' }, 'contactName'],
    [{ email: 'nope' }, 'email'],
    [{ phone: '123' }, 'phone'],
    [{ description: '' }, 'description'],
    [{ projectType: 'rocket' }, 'projectType'],
    [{ timeline: 'never' }, 'timeline'],
    [{ budget: '50k+' }, 'budget'],
  ];
  for (const [change, field] of invalid) {
    it(`refuses a bad ${field} with 400 and stores nothing`, async () => {
      const before = await count(researchRequests);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/research-requests',
        payload: research(change),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBeTruthy();
      expect(await count(researchRequests)).toBe(before);
    });
  }
});

describe('form rate limit', () => {
  it('answers 429 past RATE_LIMIT_FORMS_PER_MIN submissions from one address', async () => {
    const limited = await buildTestApp({
      env: { RATE_LIMIT_FORMS_PER_MIN: '2' },
      database: t.database,
    });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (
            await limited.app.inject({
              method: 'POST',
              url: '/api/client-requests',
              payload: inquiry(),
              remoteAddress: '10.2.2.2',
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});
