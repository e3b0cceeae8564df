import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { participants } from '../../db/schema/index';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AuthAnswer } from '../../../shared/schemas/auth';
import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignUpInput,
} from '../../../shared/schemas/auth';
import { messages } from '../../../shared/schemas/fields';
import type { ParticipantRegistrationInput } from '../../../shared/schemas/participants';
import type { UserType } from '../../../shared/schemas/options';
import { recordAudit, type RequestContext } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail.service';
import { passwordResetMail } from '../mail/templates';
import { hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { hashToken, newToken } from './session-tokens';
import { deleteSession, deleteUserSessions, insertSession } from './sessions.repo';
import {
  emailInUse,
  findAccountByEmail,
  findAccountById,
  LOCKOUT_MS,
  phoneInUse,
  recordFailedSignIn,
  recordSuccessfulSignIn,
  tableOf,
  toSessionUser,
  type ParticipantRow,
} from './users.repo';

export const RESET_TOKEN_TTL_MS = 3600_000;
/** Forgot-password answers take at least this long, whether or not the account exists. */
const FORGOT_PASSWORD_MIN_MS = 250;

export const INVALID_CREDENTIALS = 'Invalid email or password';

export function lockedMessage(until: Date, now = new Date()): string {
  // The lock's end comes from the database clock: never say more than the lockout itself.
  const minutes = Math.min(
    LOCKOUT_MS / 60_000,
    Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000)),
  );
  return `Too many failed sign-in attempts. Your account is locked; try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

type Deps = { db: Db; config: Config; log: FastifyBaseLogger };

type RegistrationInput = Omit<ParticipantRegistrationInput, 'password'> & { password: string };

export function createAccountsService({ db, config, log }: Deps) {
  const mailOptions = { smtpConfigured: config.smtpUrl !== undefined, log };

  function assertNotCommon(password: string, field = 'password') {
    if (isCommonPassword(password))
      throw badRequest('Please choose a stronger password', {
        [field]: messages.passwordTooCommon,
      });
  }

  async function assertContactsFree(tx: DbOrTx, email: string, phone: string) {
    if (await emailInUse(tx, email))
      throw conflict('An account with this email already exists', {
        email: 'An account with this email already exists',
      });
    if (await phoneInUse(tx, phone))
      throw conflict('An account with this phone number already exists', {
        phone: 'An account with this phone number already exists',
      });
  }

  /** Creates a participant; the database's unique indexes settle a race between two identical sign-ups. */
  async function createParticipant(
    input: RegistrationInput,
    ctx: RequestContext,
    action: string,
  ): Promise<ParticipantRow> {
    assertNotCommon(input.password);
    const passwordHash = await hashPassword(input.password);
    try {
      return await db.transaction(async (tx) => {
        await assertContactsFree(tx, input.email, input.phone);
        const [row] = await tx
          .insert(participants)
          .values({
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
          })
          .returning();
        await recordAudit(tx, ctx, {
          action,
          resource: 'participant',
          resourceId: row!.id,
          actor: { id: row!.id, type: 'participant' },
        });
        return row!;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'email'))
        throw conflict('An account with this email already exists', {
          email: 'An account with this email already exists',
        });
      if (isUniqueViolation(error, 'phone'))
        throw conflict('An account with this phone number already exists', {
          phone: 'An account with this phone number already exists',
        });
      throw error;
    }
  }

  return {
    createParticipant,

    /** POST /api/auth/signup: participants only; admins are made by a super admin or the CLI. */
    async signUp(
      input: SignUpInput & { userType: UserType },
      ctx: RequestContext,
    ): Promise<AuthAnswer> {
      if (input.userType === 'admin') {
        await recordAudit(db, ctx, {
          action: 'auth.signup.refused',
          resource: 'admin',
          details: { reason: 'admin sign-up from the public' },
        });
        throw forbidden('Admin accounts can only be created by a super admin');
      }
      const row = await createParticipant(input, ctx, 'auth.signup');
      return { user: toSessionUser({ type: 'participant', row }), userType: 'participant' };
    },

    async signIn(
      input: SignInInput,
      ctx: RequestContext,
    ): Promise<AuthAnswer & { sessionToken: string }> {
      const account = await findAccountByEmail(db, input.email);
      if (!account) {
        await verifyAgainstDummy(input.password);
        await recordAudit(db, ctx, {
          action: 'auth.signin.failure',
          resource: 'account',
          details: { reason: 'unknown email' },
        });
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      const who = { id: account.row.id, type: account.type };
      const fail = async (reason: string) =>
        recordAudit(db, ctx, {
          action: 'auth.signin.failure',
          resource: account.type,
          resourceId: who.id,
          actor: who,
          details: { reason },
        });

      const now = new Date();
      if (account.row.lockedUntil && account.row.lockedUntil > now) {
        await fail('locked');
        throw new AppError(423, 'LOCKED', lockedMessage(account.row.lockedUntil, now));
      }
      const ok = await verifyPassword(account.row.passwordHash, input.password);
      if (!ok || !account.row.isActive) {
        const { lockedUntil } = await recordFailedSignIn(db, account.type, who.id);
        await fail(
          !account.row.isActive
            ? 'inactive'
            : lockedUntil
              ? 'wrong password, now locked'
              : 'wrong password',
        );
        if (lockedUntil) throw new AppError(423, 'LOCKED', lockedMessage(lockedUntil));
        throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }

      const sessionToken = newToken();
      await db.transaction(async (tx) => {
        await recordSuccessfulSignIn(tx, account.type, who.id);
        await insertSession(tx, {
          idHash: hashToken(sessionToken),
          userId: who.id,
          userType: account.type,
          ip: ctx.ip,
          ...(ctx.userAgent ? { userAgent: ctx.userAgent } : {}),
        });
        await recordAudit(tx, ctx, {
          action: 'auth.signin.success',
          resource: account.type,
          resourceId: who.id,
          actor: who,
        });
      });
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
    async forgotPassword(input: ForgotPasswordInput, ctx: RequestContext): Promise<void> {
      const started = Date.now();
      const account = await findAccountByEmail(db, input.email);
      if (account) {
        const token = newToken();
        const table = tableOf(account.type);
        await db.transaction(async (tx) => {
          await tx
            .update(table)
            .set({
              passwordResetToken: hashToken(token),
              passwordResetExpires: new Date(Date.now() + RESET_TOKEN_TTL_MS),
            })
            .where(eq(table.id, account.row.id));
          const link = `${config.publicUrl}/reset-password?token=${token}`;
          await enqueueMail(
            tx,
            passwordResetMail({
              to: account.row.email,
              firstName: account.row.firstName || 'there',
              link,
            }),
            mailOptions,
          );
          await recordAudit(tx, ctx, {
            action: 'auth.password.reset_requested',
            resource: account.type,
            resourceId: account.row.id,
            actor: { id: account.row.id, type: account.type },
          });
        });
      }
      const wait = FORGOT_PASSWORD_MIN_MS - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    },

    /** Single use: the token is cleared by the same statement that checks it. */
    async resetPassword(input: ResetPasswordInput, ctx: RequestContext): Promise<void> {
      assertNotCommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const tokenHash = hashToken(input.token);
      const done = await db.transaction(async (tx) => {
        for (const type of ['participant', 'admin'] as const) {
          const table = tableOf(type);
          const [row] = await tx
            .update(table)
            .set({
              passwordHash,
              passwordResetToken: null,
              passwordResetExpires: null,
              loginAttempts: 0,
              lockedUntil: null,
            })
            .where(
              and(
                eq(table.passwordResetToken, tokenHash),
                sql`${table.passwordResetExpires} > now()`,
              ),
            )
            .returning({ id: table.id });
          if (row) {
            const who = { id: row.id, type };
            await deleteUserSessions(tx, who);
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
      if (!done)
        throw badRequest('This reset link is invalid or has expired', {
          token: 'This reset link is invalid or has expired',
        });
    },

    /** Changing one's own password needs the current one; every other session of the user ends. */
    async changePassword(
      who: { id: string; type: UserType },
      input: ChangePasswordInput,
      keepSessionIdHash: string | undefined,
      ctx: RequestContext,
    ): Promise<void> {
      const account = await findAccountById(db, who.type, who.id);
      if (!account) throw new AppError(404, 'NOT_FOUND', 'Account not found');
      if (!(await verifyPassword(account.row.passwordHash, input.currentPassword))) {
        await recordAudit(db, ctx, {
          action: 'auth.password.change_failed',
          resource: who.type,
          resourceId: who.id,
          details: { reason: 'wrong current password' },
        });
        throw badRequest('Current password is incorrect.', {
          currentPassword: 'Current password is incorrect.',
        });
      }
      assertNotCommon(input.newPassword, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      const table = tableOf(who.type);
      await db.transaction(async (tx) => {
        await tx.update(table).set({ passwordHash }).where(eq(table.id, who.id));
        await deleteUserSessions(tx, who, keepSessionIdHash);
        await recordAudit(tx, ctx, {
          action: 'auth.password.change',
          resource: who.type,
          resourceId: who.id,
        });
      });
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
