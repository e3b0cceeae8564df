import { applicationKeys } from '../applications/keys';
import { paymentKeys } from '../payments/keys';
import { statsKeys } from '../stats/keys';
import { studyKeys } from '../studies/keys';
import { sessionKeys } from './keys';

/**
 * What a session or booking change can touch: the sessions (seats), the applications
 * (scheduled, back to selected, no-show), the studies (places taken), the payments
 * (a completion) and the stats.
 */
export const sessionAffectedKeys = [
  sessionKeys.all,
  applicationKeys.all,
  studyKeys.all,
  paymentKeys.all,
  statsKeys.all,
] as const;
