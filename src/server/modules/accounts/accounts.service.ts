import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, locked } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { defaultLanguage, type Language } from '../../../shared/i18n/languages';
import { tr } from '../../../shared/i18n/runtime';
import { paths } from '../../../shared/paths';
import { LEGAL_VERSIONS } from '../../../shared/site';
import { ACCOUNT_EXISTS, type AuthAnswer } from '../../../shared/schemas/auth';
import type { z } from 'zod';
import type {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../../../shared/schemas/auth';
import { messages } from '../../../shared/schemas/fields';
import {
  CURRENT_PASSWORD_FOR_EMAIL,
  type participantRegistrationSchema,
} from '../../../shared/schemas/participants';
import type { UserType } from '../../../shared/schemas/options';
import { currentPasswordForPayoutMessage } from '../../../shared/schemas/statement';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import { insertConsentRecords } from '../recruiting/consent.repo';
import { emailChangedMail, passwordResetMail } from '../mail/mail-copy';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { hashToken, newToken } from './session-tokens';
import { deleteSession, deleteUserSessions, insertSession } from './sessions.repo';
import {
  activeLock,
  ANY_ADDRESS,
  clearAllFailures,
  clearFailures,
  failureKeyOf,
  LOCKOUT_MS,
  MAX_CODE_FAILURES_ANY_ADDRESS,
  recordFailure,
} from './auth-failures.repo';
import {
  emailInUse,
  findAccountByEmail,
  findAccountById,
  insertParticipant,
  phoneInUse,
  recordSuccessfulSignIn,
  resetPasswordWithToken,
  setPasswordHash,
  setResetToken,
  type Account,
  type ParticipantRow,
} from './users.repo';
import { toSessionUser } from './accounts.mapper';
import { auditRecoveryCodeUsed, useSecondFactorCode } from './two-factor.service';

export const RESET_TOKEN_TTL_MS = 3600_000;
/** Forgot-password answers take at least this long, whether or not the account exists. */
const FORGOT_PASSWORD_MIN_MS = 250;

/** The 401 of a wrong e-mail or password, in the request's language. */
export const invalidCredentials = () => tr('errors', 'signIn.invalid');
/** The 400 of a wrong current password, in the request's language. */
export const wrongCurrentPassword = () => tr('errors', 'password.wrongCurrent');

function minutesLeft(until: Date, now: Date): number {
  // Never say more than the lockout itself, never less than a minute.
  return Math.min(
    LOCKOUT_MS / 60_000,
    Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)),
  );
}

export function lockedMessage(until: Date, now = new Date()): string {
  return tr('errors', 'signIn.locked', { minutes: minutesLeft(until, now) });
}

/** The 423 of the password and e-mail change routes: the same lock, said for a signed-in user. */
export function passwordChecksLockedMessage(until: Date, now = new Date()): string {
  return tr('errors', 'password.locked', { minutes: minutesLeft(until, now) });
}

/**
 * The 409 for an e-mail or phone another account has; `field` names the form field it is
 * reported on when that differs (the admin form's `username` is an e-mail).
 */
export function accountTaken(taken: keyof typeof ACCOUNT_EXISTS, field: string = taken) {
  const message = ACCOUNT_EXISTS[taken];
  return conflict(message, { [field]: message });
}

/** The language an account's mail is written in: a participant's own; admins read English. */
export const languageOf = (account: Account): Language =>
  account.type === 'participant' ? account.row.language : defaultLanguage;

type Deps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** The clock of the lockout; tests inject one instead of waiting 15 minutes. */
  now?: () => Date;
};

type Who = { id: string; type: UserType };

/** A sign-up (names, contacts, password) or a registration, which adds the optional profile. */
type RegistrationInput = Pick<
  z.output<typeof signUpSchema>,
  'firstName' | 'lastName' | 'email' | 'phone' | 'password'
> &
  Partial<z.output<typeof participantRegistrationSchema>>;

export function createAccountsService({ db, config, log, now: clock = () => new Date() }: Deps) {
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };

  /**
   * The current password of a signed-in user, checked under the same per-(account, address)
   * count as sign-in: a wrong one counts, the 5th locks the pair (423), a right one resets.
   */
  async function confirmCurrentPassword(
    who: Who,
    password: string | undefined,
    ctx: RequestContext,
    field: { action: string; missingMessage: string },
  ): Promise<Account> {
    const account = await findAccountById(db, who.type, who.id);
    if (!account) throw new AppError(404, 'NOT_FOUND', tr('errors', 'account.notFound'));
    const key = failureKeyOf(account.row.email);
    const now = clock();
    const lock = await activeLock(db, key, ctx.ip, now);
    if (lock) throw locked(passwordChecksLockedMessage(lock, now), lock, now);
    if (!password)
      throw badRequest(field.missingMessage, { currentPassword: field.missingMessage });
    if (!(await verifyPassword(account.row.passwordHash, password))) {
      const { lockedUntil } = await recordFailure(db, key, ctx.ip, now);
      await recordAudit(db, ctx, {
        action: field.action,
        resource: who.type,
        resourceId: who.id,
        details: {
          reason: lockedUntil ? 'wrong current password, now locked' : 'wrong current password',
        },
      });
      if (lockedUntil)
        throw locked(passwordChecksLockedMessage(lockedUntil, now), lockedUntil, now);
      throw badRequest(wrongCurrentPassword(), { currentPassword: wrongCurrentPassword() });
    }
    await clearFailures(db, key, ctx.ip);
    return account;
  }

  /**
   * After a password or e-mail change: every outstanding reset link is void and every other
   * session of the user ends (the one making the change, when given, stays).
   */
  async function endOtherAccess(tx: DbOrTx, who: Who, keepSessionIdHash: string | undefined) {
    await setResetToken(tx, who, null, null);
    await deleteUserSessions(tx, who, keepSessionIdHash);
  }

  function assertNotCommon(password: string, field = 'password') {
    if (isCommonPassword(password))
      throw badRequest(tr('errors', 'password.stronger'), {
        [field]: messages.passwordTooCommon(),
      });
  }

  /**
   * The terms and privacy notice the form showed must be the current ones (absent: they
   * are); another version is 400 asking to reload, on the field that differs.
   */
  function assertCurrentLegalVersions(input: RegistrationInput) {
    const message = tr('errors', 'consent.versionChanged');
    const stale: Record<string, string> = {};
    if (input.termsVersion !== undefined && input.termsVersion !== LEGAL_VERSIONS.terms)
      stale.termsVersion = message;
    if (input.privacyVersion !== undefined && input.privacyVersion !== LEGAL_VERSIONS.privacy)
      stale.privacyVersion = message;
    if (Object.keys(stale).length > 0) throw badRequest(message, stale);
  }

  async function assertContactsFree(tx: DbOrTx, email: string, phone: string) {
    if (await emailInUse(tx, email)) throw accountTaken('email');
    if (await phoneInUse(tx, phone)) throw accountTaken('phone');
  }

  /** Creates a participant; the database's unique indexes settle a race between two identical sign-ups. */
  async function createParticipant(
    input: RegistrationInput,
    ctx: RequestContext,
    action: string,
  ): Promise<ParticipantRow> {
    assertCurrentLegalVersions(input);
    assertNotCommon(input.password);
    const passwordHash = await hashPassword(input.password);
    const inviteOptIn = input.inviteOptIn ?? false;
    try {
      return await db.transaction(async (tx) => {
        await assertContactsFree(tx, input.email, input.phone);
        const consentedAt = clock();
        const row = await insertParticipant(tx, {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          passwordHash,
          location: input.location ?? null,
          age: input.age ?? null,
          occupation: input.occupation ?? null,
          dateOfBirth: input.dateOfBirth ?? null,
          education: input.education ?? null,
          language: input.language ?? 'en',
          // What the form showed was checked above: the current versions (decisions.md section 10).
          termsVersion: LEGAL_VERSIONS.terms,
          privacyVersion: LEGAL_VERSIONS.privacy,
          consentedAt,
          inviteOptIn,
        });
        await insertConsentRecords(
          tx,
          row.id,
          'registration',
          [
            { kind: 'terms', value: LEGAL_VERSIONS.terms },
            { kind: 'privacy', value: LEGAL_VERSIONS.privacy },
            { kind: 'invitations', value: inviteOptIn ? 'yes' : 'no' },
          ],
          consentedAt,
        );
        await recordAudit(tx, ctx, {
          action,
          resource: 'participant',
          resourceId: row.id,
          actor: { id: row.id, type: 'participant' },
        });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'email')) throw accountTaken('email');
      if (isUniqueViolation(error, 'phone')) throw accountTaken('phone');
      throw error;
    }
  }

  return {
    createParticipant,

    /** POST /api/auth/signup: participants only; admins are made by a super admin or the CLI. */
    async signUp(input: z.output<typeof signUpSchema>, ctx: RequestContext): Promise<AuthAnswer> {
      if (input.userType === 'admin') {
        await recordAudit(db, ctx, {
          action: 'auth.signup.refused',
          resource: 'admin',
          details: { reason: 'admin sign-up from the public' },
        });
        throw forbidden(tr('errors', 'signUp.adminRefused'));
      }
      const row = await createParticipant(input, ctx, 'auth.signup');
      return { user: toSessionUser({ type: 'participant', row }), userType: 'participant' };
    },

    /**
     * Checks the password under the per-(e-mail, address) lockout. Unknown e-mails are
     * counted and answered exactly like known ones (a dummy verify keeps the time alike).
     * The caller's current session, if any, ends only when the new one is issued.
     */
    async signIn(
      input: z.output<typeof signInSchema>,
      ctx: RequestContext,
      replacesSessionIdHash?: string,
    ): Promise<AuthAnswer & { sessionToken: string }> {
      const now = clock();
      const key = failureKeyOf(input.email);
      const lock = await activeLock(db, key, ctx.ip, now);
      const account = await findAccountByEmail(db, input.email);
      const who = account ? { id: account.row.id, type: account.type } : undefined;
      const fail = async (reason: string) =>
        recordAudit(db, ctx, {
          action: 'auth.signin.failure',
          resource: account?.type ?? 'account',
          ...(who ? { resourceId: who.id, actor: who } : {}),
          details: { reason: who ? reason : `unknown email, ${reason}` },
        });

      if (lock) {
        await fail('locked');
        throw locked(lockedMessage(lock, now), lock, now);
      }
      let ok = false;
      if (account) ok = await verifyPassword(account.row.passwordHash, input.password);
      else await verifyAgainstDummy(input.password);
      if (!account || !ok || !account.row.isActive) {
        const { lockedUntil } = await recordFailure(db, key, ctx.ip, now);
        const reason = account && ok ? 'inactive' : 'wrong password';
        await fail(lockedUntil ? `${reason}, now locked` : reason);
        if (lockedUntil) throw locked(lockedMessage(lockedUntil, now), lockedUntil, now);
        throw new AppError(401, 'INVALID_CREDENTIALS', invalidCredentials());
      }
      // A blocked participant with the right password is told so (decisions.md section 10);
      // a wrong password stays the 401 above, so the 403 tells nothing to a guesser.
      if (account.type === 'participant' && account.row.blockedAt !== null) {
        await fail('blocked');
        throw forbidden(tr('errors', 'account.blocked'));
      }
      const signedIn = { id: account.row.id, type: account.type };

      // An enrolled admin's second factor (decisions.md section 11). The right password alone
      // is neither a failure nor a success: it neither counts nor resets the count, so guessing
      // codes between password-only attempts still locks the pair.
      const enrolledAdmin =
        account.type === 'admin' && account.row.totpEnabledAt ? account.row : null;
      const codeRequired = { twoFactorRequired: true } as const;
      if (enrolledAdmin) {
        if (input.code === undefined) {
          await recordAudit(db, ctx, {
            action: 'auth.signin.code_required',
            resource: 'admin',
            resourceId: signedIn.id,
            actor: signedIn,
          });
          const message = tr('errors', 'signIn.codeRequired');
          throw new AppError(
            401,
            'TWO_FACTOR_REQUIRED',
            message,
            undefined,
            undefined,
            codeRequired,
          );
        }
        const accountLock = await activeLock(db, key, ANY_ADDRESS, now);
        if (accountLock) {
          await fail('second-factor codes locked for the account');
          throw locked(lockedMessage(accountLock, now), accountLock, now);
        }
      }
      const { code } = input;

      const sessionToken = newToken();
      // The code is used up in the transaction that writes the session: a sign-in whose
      // session is not written leaves it unused (a recovery code is not lost).
      const blockedMeanwhile = new Error('blocked while signing in');
      const codeMethod = await db
        .transaction(async (tx) => {
          const method =
            enrolledAdmin && code !== undefined
              ? await useSecondFactorCode(tx, enrolledAdmin, code, now)
              : null;
          if (enrolledAdmin && !method) return 'wrong code' as const;
          await clearFailures(tx, key, ctx.ip);
          if (method) await clearFailures(tx, key, ANY_ADDRESS);
          // Blocked since the check above (the password's check takes a while): no session.
          if ((await recordSuccessfulSignIn(tx, account.type, signedIn.id)).blocked)
            throw blockedMeanwhile;
          if (replacesSessionIdHash) await deleteSession(tx, replacesSessionIdHash);
          await insertSession(tx, {
            idHash: hashToken(sessionToken),
            userId: signedIn.id,
            userType: account.type,
            ip: ctx.ip,
            ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}),
            // The code given with the sign-in counts as entered on the session.
            ...(method ? { stepUpAt: now } : {}),
          });
          if (method === 'recovery') await auditRecoveryCodeUsed(tx, ctx, signedIn.id, 'sign-in');
          await recordAudit(tx, ctx, {
            action: 'auth.signin.success',
            resource: account.type,
            resourceId: signedIn.id,
            actor: signedIn,
            ...(method ? { details: { secondFactor: method } } : {}),
          });
          return method;
        })
        .catch(async (error: unknown) => {
          if (error !== blockedMeanwhile) throw error;
          await fail('blocked');
          throw forbidden(tr('errors', 'account.blocked'));
        });
      if (codeMethod === 'wrong code') {
        const accountWide = await recordFailure(
          db,
          key,
          ANY_ADDRESS,
          now,
          MAX_CODE_FAILURES_ANY_ADDRESS,
        );
        const here = await recordFailure(db, key, ctx.ip, now);
        const lockedUntil = here.lockedUntil ?? accountWide.lockedUntil;
        await fail(
          lockedUntil ? 'wrong second-factor code, now locked' : 'wrong second-factor code',
        );
        if (lockedUntil) throw locked(lockedMessage(lockedUntil, now), lockedUntil, now);
        const message = tr('errors', 'signIn.codeWrong');
        throw new AppError(
          401,
          'INVALID_CODE',
          message,
          { code: message },
          undefined,
          codeRequired,
        );
      }
      return { user: toSessionUser(account), userType: account.type, sessionToken };
    },

    async signOut(sessionIdHash: string | undefined, ctx: RequestContext): Promise<void> {
      if (!sessionIdHash) return;
      await db.transaction(async (tx) => {
        await deleteSession(tx, sessionIdHash);
        await recordAudit(tx, ctx, { action: 'auth.logout', resource: 'session' });
      });
    },

    /** Always resolves the same way; only the mail (if the account exists) differs. */
    async forgotPassword(
      input: z.output<typeof forgotPasswordSchema>,
      ctx: RequestContext,
    ): Promise<void> {
      const started = Date.now();
      const account = await findAccountByEmail(db, input.email);
      // A disabled account gets no link (the answer stays the same): a reset would
      // otherwise give a disabled admin a working password again.
      if (account?.row.isActive) {
        const token = newToken();
        const who = { id: account.row.id, type: account.type };
        await db.transaction(async (tx) => {
          await setResetToken(tx, who, hashToken(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
          const link = `${config.publicUrl}${paths.resetPassword}?token=${token}`;
          // In the participant's own language, whatever the language of the request.
          await enqueueMail(
            tx,
            passwordResetMail({
              to: account.row.email,
              firstName: account.row.firstName,
              link,
              language: languageOf(account),
            }),
            mailOptions,
          );
          await recordAudit(tx, ctx, {
            action: 'auth.password.reset_requested',
            resource: account.type,
            resourceId: account.row.id,
            actor: who,
          });
        });
      }
      const wait = FORGOT_PASSWORD_MIN_MS - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },

    /** Single use: the token is cleared by the same statement that checks it. */
    async resetPassword(
      input: z.output<typeof resetPasswordSchema>,
      ctx: RequestContext,
    ): Promise<void> {
      assertNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const tokenHash = hashToken(input.token);
      const done = await db.transaction(async (tx) => {
        for (const type of ['participant', 'admin'] as const) {
          const row = await resetPasswordWithToken(tx, type, tokenHash, passwordHash);
          if (row) {
            const who = { id: row.id, type };
            await deleteUserSessions(tx, who);
            await clearAllFailures(tx, failureKeyOf(row.email));
            await recordAudit(tx, ctx, {
              action: 'auth.password.reset',
              resource: type,
              resourceId: row.id,
              actor: who,
            });
            return true;
          }
        }
        return false;
      });
      if (!done) {
        const message = tr('validation', 'resetLinkInvalid');
        throw badRequest(message, { token: message });
      }
    },

    /**
     * Changing one's own password needs the current one (counted like a sign-in); every
     * outstanding reset link is void and every other session of the user ends.
     */
    async changePassword(
      who: Who,
      input: z.output<typeof changePasswordSchema>,
      keepSessionIdHash: string | undefined,
      ctx: RequestContext,
    ): Promise<void> {
      await confirmCurrentPassword(who, input.currentPassword, ctx, {
        action: 'auth.password.change_failed',
        missingMessage: messages.currentPasswordRequired(),
      });
      assertNotCommon(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, who, passwordHash);
        await endOtherAccess(tx, who, keepSessionIdHash);
        await recordAudit(tx, ctx, {
          action: 'auth.password.change',
          resource: who.type,
          resourceId: who.id,
        });
      });
    },

    /**
     * An e-mail change of `who` (participant or admin profile): the current password first,
     * counted like a sign-in; 400 on `currentPassword` when missing or wrong.
     */
    async confirmEmailChange(who: Who, currentPassword: string | undefined, ctx: RequestContext) {
      await confirmCurrentPassword(who, currentPassword, ctx, {
        action: 'auth.email.change_failed',
        missingMessage: CURRENT_PASSWORD_FOR_EMAIL(),
      });
    },

    /**
     * A payout-number change of a participant (decisions.md section 11): the current password
     * first, counted like a sign-in; 400 on `currentPassword` when missing or wrong.
     */
    async confirmPayoutPhoneChange(
      who: Who,
      currentPassword: string | undefined,
      ctx: RequestContext,
    ) {
      await confirmCurrentPassword(who, currentPassword, ctx, {
        action: 'auth.payout_phone.change_failed',
        missingMessage: currentPasswordForPayoutMessage(),
      });
    },

    /**
     * Turning two-step sign-in on (decisions.md section 11): the admin's current password,
     * counted like a sign-in; 400 on `currentPassword` when wrong.
     */
    async confirmTwoFactorEnrolment(
      who: Who,
      currentPassword: string | undefined,
      ctx: RequestContext,
    ) {
      await confirmCurrentPassword(who, currentPassword, ctx, {
        action: 'admin.2fa.enable_failed',
        missingMessage: messages.currentPasswordRequired(),
      });
    },

    /**
     * Inside the transaction that stores the new e-mail: reset links void, the user's other
     * sessions end, and the old address is told (a mail that quotes nothing typed).
     */
    async emailChanged(
      tx: DbOrTx,
      who: Who,
      oldEmail: string,
      keepSessionIdHash: string | undefined,
      ctx: RequestContext,
      language: Language = defaultLanguage,
    ): Promise<void> {
      await endOtherAccess(tx, who, keepSessionIdHash);
      await enqueueMail(
        tx,
        emailChangedMail({
          to: oldEmail,
          at: clock(),
          language,
          contactEmail: config.contact.email,
        }),
        mailOptions,
      );
      await recordAudit(tx, ctx, {
        action: 'auth.email.change',
        resource: who.type,
        resourceId: who.id,
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
