/**
 * decisions.md section 4 ("Who may do what") as data: for every route of the API, which
 * kind of caller may call it. test/access/route-roles.int.test.ts checks every route of the
 * OpenAPI document against it, so a new route cannot ship until someone has written down
 * who may call it.
 */
export const callers = ['visitor', 'participant', 'admin', 'super_admin'] as const;
export type Caller = (typeof callers)[number];

export type RouteRule = {
  /** Who may call the route (for an `owner` route: on their own record). */
  allow: readonly Caller[];
  /**
   * The route names a person's record (in the path, or `participantId` in the body): a
   * participant may only name themself ("self only"), an admin only themself ("own"), and
   * the other person's record is refused (403) to them.
   */
  owner?: 'participant' | 'admin';
};

const EVERYONE: readonly Caller[] = callers;
const SIGNED_IN: readonly Caller[] = ['participant', 'admin', 'super_admin'];
const ADMINS: readonly Caller[] = ['admin', 'super_admin'];
const PARTICIPANT: readonly Caller[] = ['participant'];
const SUPER_ADMIN: readonly Caller[] = ['super_admin'];

/** `METHOD /path/{param}` as the OpenAPI document spells it. */
export const permissions: Record<string, RouteRule> = {
  // Section 3's added endpoints: the process and database probes are public.
  'GET /api/health': { allow: EVERYONE },
  'GET /api/ready': { allow: EVERYONE },
  // The business's public contact for the prerendered pages (decision 028).
  'GET /api/site': { allow: EVERYONE },

  // Section 4: sign-up (participants only), sign-in, sessions and password reset are public.
  'POST /api/auth/signup': { allow: EVERYONE },
  'POST /api/auth/signin': { allow: EVERYONE },
  'POST /api/auth/logout': { allow: EVERYONE },
  'GET /api/auth/session': { allow: EVERYONE },
  'POST /api/auth/forgot-password': { allow: EVERYONE },
  'POST /api/auth/reset-password': { allow: EVERYONE },
  'POST /api/participants/register': { allow: EVERYONE },

  // "read / update / delete a participant, photo upload, password": self only; admins read, delete.
  'GET /api/participants/{id}': { allow: SIGNED_IN, owner: 'participant' },
  'DELETE /api/participants/{id}': { allow: SIGNED_IN, owner: 'participant' },
  'PUT /api/participants/{id}/profile': { allow: PARTICIPANT, owner: 'participant' },
  'PUT /api/participants/{id}/password': { allow: PARTICIPANT, owner: 'participant' },
  'POST /api/participants/{id}/upload-photo': { allow: PARTICIPANT, owner: 'participant' },
  'PUT /api/participant/profile': { allow: PARTICIPANT },
  'PUT /api/participant/password': { allow: PARTICIPANT },
  // Section 3: photos are personal data, served to their owner and to admins only.
  'GET /api/participants/{id}/photo': { allow: SIGNED_IN, owner: 'participant' },
  // The console's view of one participant's money; the participant reads theirs at /api/me/earnings.
  'GET /api/participants/{id}/earnings': { allow: ADMINS, owner: 'participant' },
  // Section 3: "all my data" and my earnings are the participant's own.
  'GET /api/me/earnings': { allow: PARTICIPANT },
  'GET /api/me/export': { allow: PARTICIPANT },
  // Section 11: the statement and the payout number are the participant's own.
  'GET /api/me/payments': { allow: PARTICIPANT },
  'PUT /api/me/payout-number': { allow: PARTICIPANT },
  // Section 10: consent choices are the participant's own; the one-click unsubscribe is
  // anyone's who holds a signed link (mail clients post it, signed out).
  'GET /api/me/consent': { allow: PARTICIPANT },
  'PUT /api/me/consent': { allow: PARTICIPANT },
  'POST /api/unsubscribe/{token}': { allow: EVERYONE },

  // "list participants, CSV exports": admins.
  'GET /api/participants': { allow: ADMINS },
  'GET /api/participants/export.csv': { allow: ADMINS },
  // Section 10: blocking a participant is admins'.
  'PUT /api/participants/{id}/block': { allow: ADMINS },
  'GET /api/tests/{id}/payments.csv': { allow: ADMINS },

  // Section 3: anyone reads the settings, admins change them.
  'GET /api/settings': { allow: EVERYONE },
  'PUT /api/settings': { allow: ADMINS },

  // "list admins": admins; "create admins": super_admin; "change an admin's password": own.
  'GET /api/admin/list': { allow: ADMINS },
  'POST /api/admin/create': { allow: SUPER_ADMIN },
  'PUT /api/admin/password': { allow: ADMINS },
  'PUT /api/admin/{id}/password': { allow: ADMINS, owner: 'admin' },
  'PUT /api/admin/profile': { allow: ADMINS },
  'PUT /api/admin/{id}/status': { allow: SUPER_ADMIN },
  // Section 11: "2FA enrolment: each admin for themselves" (no route names an admin), and
  // the step-up of one's own session.
  'GET /api/admin/2fa': { allow: ADMINS },
  'POST /api/admin/2fa/setup': { allow: ADMINS },
  'POST /api/admin/2fa/enable': { allow: ADMINS },
  'DELETE /api/admin/2fa': { allow: ADMINS },
  'POST /api/auth/step-up': { allow: ADMINS },

  // "list active studies, read one active study": everyone; "create / change status / delete",
  // and editing (section 6): admins.
  'GET /api/tests': { allow: EVERYONE },
  'GET /api/tests/{id}': { allow: EVERYONE },
  'POST /api/tests': { allow: ADMINS },
  'DELETE /api/tests/{id}': { allow: ADMINS },
  'PUT /api/tests/{id}/status': { allow: ADMINS },
  'PUT /api/tests/{id}': { allow: ADMINS },
  // Section 10: matching counts and invitations are admins'.
  'GET /api/tests/{id}/matches': { allow: ADMINS },
  'POST /api/tests/{id}/invitations': { allow: ADMINS },

  // "apply to a study": participants, for self only; "list applications": own, or all for admins.
  'POST /api/applications': { allow: PARTICIPANT, owner: 'participant' },
  'GET /api/applications': { allow: SIGNED_IN },
  'PUT /api/applications/{id}/status': { allow: ADMINS },

  // Section 9: sessions, attendance and the reliability reset are the console's; booking is the
  // application's participant's or an admin's (the service refuses another person's, 403);
  // withdrawing and the waitlist are the participant's own; the calendar file also admins'.
  'POST /api/tests/{id}/sessions': { allow: ADMINS },
  'POST /api/tests/{id}/sessions/series': { allow: ADMINS },
  'GET /api/tests/{id}/sessions': { allow: SIGNED_IN },
  'PUT /api/sessions/{id}': { allow: ADMINS },
  'PUT /api/sessions/{id}/status': { allow: ADMINS },
  'DELETE /api/sessions/{id}': { allow: ADMINS },
  'PUT /api/sessions/{id}/attendance': { allow: ADMINS },
  'POST /api/applications/{id}/booking': { allow: SIGNED_IN },
  'DELETE /api/applications/{id}/booking': { allow: SIGNED_IN },
  'POST /api/applications/{id}/withdraw': { allow: PARTICIPANT },
  'PUT /api/applications/{id}/attendance': { allow: ADMINS },
  'GET /api/applications/{id}/calendar.ics': { allow: SIGNED_IN },
  'POST /api/participants/{id}/reliability/reset': { allow: ADMINS },
  'POST /api/tests/{id}/waitlist': { allow: PARTICIPANT },
  'DELETE /api/tests/{id}/waitlist': { allow: PARTICIPANT },

  // Section 3's payments list and status route: admins (section 5's payment machine).
  'GET /api/payments': { allow: ADMINS },
  'PUT /api/payments/{id}/status': { allow: ADMINS },
  // Section 11: extra payments and the reconciliation report: admins.
  'GET /api/applications/{id}/payments': { allow: ADMINS },
  'POST /api/applications/{id}/payments': { allow: ADMINS },
  'GET /api/payouts/report': { allow: ADMINS },
  'GET /api/payouts/report.csv': { allow: ADMINS },
  // Section 11: releasing payouts (with a second-factor code) and following them: admins;
  // M-Pesa's callbacks: anyone (the unguessable per-attempt token and the allow-list guard them).
  'GET /api/payouts/config': { allow: ADMINS },
  'POST /api/payouts/preview': { allow: ADMINS },
  'POST /api/payouts': { allow: ADMINS },
  'GET /api/payouts': { allow: ADMINS },
  'GET /api/payouts/{id}': { allow: ADMINS },
  'GET /api/payouts/{id}/bulk.csv': { allow: ADMINS },
  'POST /api/payouts/mpesa/result/{token}': { allow: EVERYONE },
  'POST /api/payouts/mpesa/timeout/{token}': { allow: EVERYONE },

  // "stats (public fields)": everyone; the trends behind the admin figures: admins.
  'GET /api/stats': { allow: EVERYONE },
  'GET /api/stats/trends': { allow: ADMINS },

  // "submit inquiry / research request": everyone; "list and move": admins.
  'POST /api/client-requests': { allow: EVERYONE },
  'POST /api/research-requests': { allow: EVERYONE },
  'GET /api/client-requests': { allow: ADMINS },
  'GET /api/research-requests': { allow: ADMINS },
  'PUT /api/client-requests/{id}/status': { allow: ADMINS },
  'PUT /api/research-requests/{id}/status': { allow: ADMINS },

  // Console screens: the audit log, the notification bell, the outbox (section 12).
  'GET /api/audit-log': { allow: ADMINS },
  'GET /api/notifications': { allow: ADMINS },
  'POST /api/notifications/read': { allow: ADMINS },
  'GET /api/outbox': { allow: ADMINS },
  'GET /api/outbox/{id}': { allow: ADMINS },
  'POST /api/outbox/{id}/retry': { allow: ADMINS },
  'GET /api/sms-outbox': { allow: ADMINS },
  'GET /api/sms-outbox/{id}': { allow: ADMINS },
  'POST /api/sms-outbox/{id}/retry': { allow: ADMINS },
};

/** The routes `caller` may call (on their own record, for owner routes). */
export function routesFor(caller: Caller): Set<string> {
  return new Set(
    Object.entries(permissions)
      .filter(([, rule]) => rule.allow.includes(caller))
      .map(([route]) => route),
  );
}
