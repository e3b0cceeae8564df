import { describe, expect, it } from 'vitest';
import { actionLabel, detailOf, resourceLabel, shortUserAgent } from './audit-labels';

describe('audit labels', () => {
  it('names known action codes and humanises unknown ones', () => {
    expect(actionLabel('client_request.status')).toBe('Changed an inquiry’s status');
    expect(actionLabel('auth.signin.failure')).toBe('Failed sign-in');
    expect(actionLabel('mail.bounce_seen')).toBe('Mail bounce seen');
    expect(resourceLabel('research_request')).toBe('Research request');
  });

  it('summarises status moves and settings changes', () => {
    expect(
      detailOf({ action: 'client_request.status', details: { from: 'new', to: 'in-progress' } }),
    ).toBe('new → in progress');
    expect(
      detailOf({
        action: 'settings.update',
        details: { before: { studiesOpen: false }, after: { studiesOpen: true }, announced: 1200 },
      }),
    ).toBe('Studies opened; 1,200 participants e-mailed');
    expect(
      detailOf({
        action: 'settings.update',
        details: { before: { studiesOpen: true }, after: { studiesOpen: false }, announced: 0 },
      }),
    ).toBe('Studies postponed');
    expect(detailOf({ action: 'auth.logout', details: null })).toBeUndefined();
  });

  it('shortens user agents to browser and system', () => {
    expect(
      shortUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 126 on Windows');
    expect(
      shortUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS');
    expect(shortUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(shortUserAgent(null)).toBeUndefined();
  });
});
