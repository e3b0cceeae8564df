import type { SessionUser } from '@/shared/schemas/auth';
import type { UserType } from '@/shared/schemas/options';

/**
 * The signed-in user kept in localStorage (spec section 4): under 'user', and again
 * under 'participant' or 'admin'. It is only a fallback for when the session check
 * cannot reach the server; the server's session always decides.
 */
const USER_KEY = 'user';
const TYPE_KEYS = { participant: 'participant', admin: 'admin' } as const satisfies Record<
  UserType,
  string
>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser's privacy settings.
    return null;
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    typeof v.email === 'string' &&
    (v.userType === 'participant' || v.userType === 'admin')
  );
}

function read(key: string): SessionUser | null {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function readStoredUser(): SessionUser | null {
  return read(USER_KEY);
}

/** The stored record of one kind of account ('participant' or 'admin'), if any. */
export function readStoredRecord(userType: UserType): SessionUser | null {
  return read(TYPE_KEYS[userType]);
}

export function storeUser(user: SessionUser, userType: UserType): void {
  const store = storage();
  if (!store) return;
  const record = JSON.stringify({ ...user, userType });
  try {
    store.setItem(USER_KEY, record);
    store.setItem(TYPE_KEYS[userType], record);
    // One person at a time: a record of the other kind of account is stale.
    store.removeItem(TYPE_KEYS[userType === 'admin' ? 'participant' : 'admin']);
  } catch {
    // Quota exceeded or storage disabled: the session cookie still works.
  }
}

export function clearStoredUser(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(USER_KEY);
    store.removeItem(TYPE_KEYS.admin);
    store.removeItem(TYPE_KEYS.participant);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
