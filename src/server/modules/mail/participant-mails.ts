// Transitional: the mail copy lives in mail-copy.ts. Removed as soon as applications and
// payments import from there (they belong to another engineer's change in progress).
export {
  applicationCompletedMail,
  applicationDeclinedMail,
  applicationScheduledMail,
  paymentCompletedMail,
} from './mail-copy';
