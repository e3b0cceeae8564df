// The one list of tables, for drizzle-kit and for the typed `db` handle.
export { participants } from './participants';
export { admins } from './admins';
export { studies } from './studies';
export { applications } from './applications';
export { clientRequests, researchRequests } from './requests';
export { payments, earnings, payouts, payoutAttempts, paymentEvents } from './payments';
export { adminRecoveryCodes } from './admin-recovery-codes';
export { auditLogs } from './audit-logs';
export { sessions } from './sessions';
export { settings } from './settings';
export { mailOutbox } from './mail-outbox';
export { participantPhotos } from './participant-photos';
export { authFailures } from './auth-failures';
export { phoneMigrationConflicts } from './phone-migration-conflicts';
export { notificationReads } from './notification-reads';
export { studySessions } from './study-sessions';
export { sessionReminders, waitlistEntries } from './session-bookings';
export { smsOutbox } from './sms-outbox';
