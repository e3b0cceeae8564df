import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mpesaHarness, type Harness } from '../support/mpesa-harness';

/**
 * Attack (decisions.md section 11, secrets): a callback URL's last segment is the attempt's
 * token, and the log lines also carry the attempt's OriginatorConversationID: together they
 * let whoever reads the log forge M-Pesa's answer. The access log must never show the
 * token, whatever answered the request: the callback route, or the 405 of a GET (a browser,
 * an uptime check) or of a trailing slash.
 */
let h: Harness;
beforeAll(async () => {
  h = await mpesaHarness();
});
afterAll(async () => {
  await h.close();
});

describe('the access log of callback URLs', () => {
  it('never shows a live callback token, for any method or spelling of the URL', async () => {
    const o = await h.owed(9); // no callback: the attempt stays open, its token live
    expect((await h.release([o.paymentId])).statusCode).toBe(202);
    await h.work();
    const { resultUrl, timeoutUrl } = h.urls.at(-1)!;
    const token = resultUrl.split('/').pop()!;
    for (const [method, url] of [
      ['GET', resultUrl],
      ['GET', timeoutUrl],
      ['HEAD', resultUrl],
      ['POST', `${resultUrl}/`],
      ['PUT', timeoutUrl],
      ['POST', resultUrl],
    ] as const) {
      const res = await fetch(url, {
        method,
        ...(method === 'POST' || method === 'PUT'
          ? { headers: { 'content-type': 'application/json' }, body: '{}' }
          : {}),
      });
      expect(res.status).toBeLessThan(500);
    }
    const requestLines = h.lines.filter((l) => l.msg === 'request');
    expect(requestLines.length).toBeGreaterThan(6);
    expect(JSON.stringify(h.lines)).not.toContain(token);
    expect((await h.paymentOf(o.paymentId)).status).toBe('processing');
  });
});
