import { describe, expect, it } from 'vitest';
import { expectNoProblems, useBrowser } from './support/browser';

const session = useBrowser();

/**
 * decisions.md section 8: /api/docs runs under the product's CSP (no inline scripts, no
 * framing, nothing from other sites); Swagger UI must still render every operation.
 */
describe('API docs', () => {
  it('renders the operations under the product CSP with no violation or console error', async () => {
    const t = await session.newPage();
    const violations: string[] = [];
    await t.page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await t.page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    const response = await t.page.goto('/api/docs/');
    expect(response?.status()).toBe(200);
    const csp = String(response?.headers()['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    await expect.poll(() => t.page.locator('.opblock-summary-path').count()).toBeGreaterThan(40);
    await expect
      .poll(() => t.page.locator('[data-path="/api/participants/{id}/upload-photo"]').count())
      .toBeGreaterThan(0);
    expect(violations).toEqual([]);
    expectNoProblems(t);
    await t.close();
  });
});
