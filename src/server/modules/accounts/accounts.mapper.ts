import type { SessionUser } from '../../../shared/schemas/auth';
import type { Account } from './users.repo';

/** What a session knows of its account: never a hash, a token or a lock-out counter. */
export function toSessionUser(account: Account): SessionUser {
  if (account.type === 'admin') {
    const a = account.row;
    return {
      id: a.id,
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      phone: a.phone,
      userType: 'admin',
      role: a.role,
      profilePhoto: null,
      language: 'en',
      twoFactorEnabled: a.totpEnabledAt !== null,
    };
  }
  const p = account.row;
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    userType: 'participant',
    role: 'participant',
    profilePhoto: p.profilePhoto,
    language: p.language,
  };
}
