import type { AuditEntry } from '@/shared/schemas/admin-views';

/** Every action code the server records (grep `recordAudit`), said the way people would. */
const actionLabels: Record<string, string> = {
  'auth.signup': 'Signed up',
  'auth.signup.refused': 'Admin sign-up refused',
  'auth.signin.success': 'Signed in',
  'auth.signin.failure': 'Failed sign-in',
  'auth.logout': 'Signed out',
  'auth.password.reset_requested': 'Asked for a password reset',
  'auth.password.reset': 'Reset the password',
  'auth.password.change': 'Changed the password',
  'auth.password.change_failed': 'Password change refused',
  'authorization.refused': 'Access refused',
  'auth.signin.code_required': 'Right password, asked for the code',
  'auth.step_up': 'Confirmed an action with a code',
  'auth.step_up.failure': 'Wrong code to confirm an action',
  'auth.session.ended_by_code_failures': 'Signed out after 5 wrong codes',
  'admin.2fa.setup': 'Started setting up two-step sign-in',
  'admin.2fa.enable': 'Turned on two-step sign-in',
  'admin.2fa.enable_failed': 'Wrong first code for two-step sign-in',
  'admin.2fa.disable': 'Turned off two-step sign-in',
  'admin.2fa.disable_failed': 'Wrong code to turn off two-step sign-in',
  'admin.2fa.recovery_code_used': 'Used a recovery code',
  'participant.register': 'Registered as a participant',
  'participant.update': 'Updated a participant profile',
  'participant.photo': 'Uploaded a profile photo',
  'participant.delete': 'Deleted a participant',
  'admin.create': 'Created an admin',
  'admin.profile': 'Updated an admin profile',
  'study.create': 'Created a study',
  'study.status': 'Changed a study’s status',
  'study.update': 'Edited a study',
  'study.delete': 'Deleted a study',
  'application.create': 'Applied to a study',
  'application.status': 'Changed an application’s status',
  'payment.status': 'Changed a payment’s status',
  'client_request.create': 'Sent an inquiry',
  'client_request.status': 'Changed an inquiry’s status',
  'research_request.create': 'Sent a research request',
  'research_request.status': 'Changed a research request’s status',
  'settings.update': 'Changed the settings',
};

/** "client_request.status" -> "Client request status", for a code added after this list. */
const humanise = (code: string) => {
  const words = code.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const actionLabel = (action: string) => actionLabels[action] ?? humanise(action);

/** The action filter: each value is the start of the codes it finds (the server matches prefixes). */
export const actionFilters = [
  { value: 'auth.signin', label: 'Sign-ins (all)' },
  { value: 'auth.signin.failure', label: 'Failed sign-ins' },
  { value: 'auth.signup', label: 'Sign-ups' },
  { value: 'participant.register', label: 'Registrations' },
  { value: 'auth.password', label: 'Passwords' },
  { value: 'auth.logout', label: 'Sign-outs' },
  { value: 'authorization.refused', label: 'Refused access' },
  { value: 'admin.2fa', label: 'Two-step sign-in' },
  { value: 'auth.step_up', label: 'Codes for actions' },
  { value: 'participant.', label: 'Participants' },
  { value: 'admin.', label: 'Admins' },
  { value: 'study.', label: 'Studies' },
  { value: 'application.', label: 'Applications' },
  { value: 'payment.', label: 'Payments' },
  { value: 'client_request.', label: 'Inquiries' },
  { value: 'research_request.', label: 'Research requests' },
  { value: 'settings.', label: 'Settings' },
] as const;

const resourceLabels: Record<string, string> = {
  participant: 'Participant',
  admin: 'Admin',
  account: 'Account',
  session: 'Session',
  study: 'Study',
  application: 'Application',
  payment: 'Payment',
  client_request: 'Inquiry',
  research_request: 'Research request',
  settings: 'Settings',
  route: 'Address',
};

export const resourceLabel = (resource: string) => resourceLabels[resource] ?? humanise(resource);

const statusWords: Record<string, string> = {
  not_started: 'not started',
  'in-progress': 'in progress',
  interested: 'application submitted',
};
const statusWord = (value: string) => statusWords[value] ?? value.replace(/[_-]+/g, ' ');

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** A short line on what changed, from the entry's details, when there is one worth showing. */
export function detailOf(entry: Pick<AuditEntry, 'action' | 'details'>): string | undefined {
  const d = entry.details;
  if (!d) return undefined;
  const from = text(d.from);
  const to = text(d.to);
  if (from && to) return `${statusWord(from)} → ${statusWord(to)}`;
  if (entry.action === 'settings.update') {
    const after = d.after as { studiesOpen?: unknown } | undefined;
    const before = d.before as { studiesOpen?: unknown } | undefined;
    if (typeof after?.studiesOpen !== 'boolean') return undefined;
    if (after.studiesOpen === before?.studiesOpen)
      return after.studiesOpen ? 'Studies stay open' : 'Studies stay postponed';
    if (!after.studiesOpen) return 'Studies postponed';
    const announced = typeof d.announced === 'number' ? d.announced : undefined;
    return announced === undefined
      ? 'Studies opened'
      : `Studies opened; ${announced.toLocaleString('en-KE')} participant${announced === 1 ? '' : 's'} e-mailed`;
  }
  if (entry.action === 'admin.create') {
    const email = text(d.email);
    const role = text(d.role);
    return email ? `${email}${role ? ` (${role.replace('_', ' ')})` : ''}` : undefined;
  }
  return text(d.reason);
}

const browsers: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrome\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* .*Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome 120 on Windows" from a user agent; other clients (curl, scripts) keep a short form. */
export function shortUserAgent(userAgent: string | null): string | undefined {
  if (!userAgent) return undefined;
  const browser = browsers
    .map(([pattern, name]) => {
      const match = pattern.exec(userAgent);
      return match ? `${name} ${match[1]}` : undefined;
    })
    .find(Boolean);
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  return userAgent.length > 40 ? `${userAgent.slice(0, 39)}…` : userAgent;
}
