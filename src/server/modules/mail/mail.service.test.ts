import { describe, expect, it } from 'vitest';
import { containsTokenLink, recipientHash, REMOVED_LINK, withoutTokenLinks } from './mail.service';

describe('recipientHash', () => {
  it('is 12 hex digits, the same whatever the case or spaces, and not the address', () => {
    const hash = recipientHash('Amina@Example.com');
    expect(hash).toMatch(/^[0-9a-f]{12}$/);
    expect(recipientHash(' amina@example.com ')).toBe(hash);
    expect(recipientHash('someone@example.com')).not.toBe(hash);
  });
});

describe('withoutTokenLinks', () => {
  it('removes every link that carries a token, in text and in HTML, and keeps other links', () => {
    const text =
      'Reset: https://insightlab.example/reset-password?token=Ab_9-z\n' +
      'Dashboard: https://insightlab.example/participant/dashboard\n' +
      '<a href="https://x.example/confirm?id=1&amp;token=Zz9">Confirm</a>';
    const cleaned = withoutTokenLinks(text);
    expect(cleaned).toBe(
      `Reset: ${REMOVED_LINK}\n` +
        'Dashboard: https://insightlab.example/participant/dashboard\n' +
        `<a href="${REMOVED_LINK}">Confirm</a>`,
    );
    expect(containsTokenLink(text)).toBe(true);
    expect(containsTokenLink(cleaned)).toBe(false);
  });
});
