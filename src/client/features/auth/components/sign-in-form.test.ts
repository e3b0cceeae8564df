import { describe, expect, it } from 'vitest';
import { ApiError } from '@/client/lib/api';
import type { Translate } from '@/client/i18n/language';
import { translate } from '@/shared/i18n/runtime';
import { signInFailureDescription } from './sign-in-form';

const t: Translate<'auth'> = (key, args) => translate('en', 'auth', key, args);
const failure = (status: number, message: string) =>
  new ApiError(status, JSON.stringify({ message }), '');

describe('what a failed sign-in says', () => {
  it('a blocked account: the server’s words (whom to contact), not the credentials hint', () => {
    const blocked = 'This account is blocked. Please contact us if you think this is a mistake.';
    expect(signInFailureDescription(failure(403, blocked), t)).toBe(blocked);
  });

  it('a wrong password: the credentials hint, whatever the server said', () => {
    expect(signInFailureDescription(failure(401, 'Invalid email or password'), t)).toBe(
      t('signIn.credentialsHint'),
    );
  });

  it('a lock: the server’s words, which say when to retry', () => {
    expect(signInFailureDescription(failure(423, 'Try again in 15 minutes'), t)).toBe(
      'Try again in 15 minutes',
    );
  });
});
