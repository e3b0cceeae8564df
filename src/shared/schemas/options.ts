/** Option sets of spec section 3: the values stored and sent, and the labels shown. */
function optionSet<const T extends readonly { value: string; label: string }[]>(options: T) {
  const values = options.map((o) => o.value) as unknown as {
    [K in keyof T]: T[K] extends { value: infer V } ? V : never;
  };
  return { options, values };
}

export const inquiryServices = optionSet([
  { value: 'fractional-pm', label: 'Fractional Product Management' },
  { value: 'optimization', label: 'Product Optimization' },
  { value: 'research', label: 'User Research & Testing' },
  { value: 'prioritization', label: 'Feature Prioritization' },
  { value: 'market-fit', label: 'Market Fit & Launch Strategy' },
  { value: 'operational', label: 'Operational Excellence' },
  { value: 'other', label: 'Other' },
] as const);

export const urgencies = optionSet([
  { value: 'asap', label: 'As soon as possible' },
  { value: '2-weeks', label: 'Within 2 weeks' },
  { value: '1-month', label: 'Within a month' },
  { value: 'flexible', label: 'Flexible' },
] as const);

/** Inquiry budgets are in US dollars (spec section 9). */
export const inquiryBudgets = optionSet([
  { value: '5k-15k', label: '$5,000 – $15,000' },
  { value: '15k-30k', label: '$15,000 – $30,000' },
  { value: '30k-50k', label: '$30,000 – $50,000' },
  { value: '50k+', label: '$50,000+' },
  { value: 'discuss', label: "Let's discuss" },
] as const);

export const researchProjectTypes = optionSet([
  { value: 'product-concept', label: 'Product concept' },
  { value: 'design-ux', label: 'Design & UX' },
  { value: 'mobile-app', label: 'Mobile app' },
  { value: 'web-app', label: 'Web app' },
  { value: 'market-research', label: 'Market research' },
  { value: 'competitive-analysis', label: 'Competitive analysis' },
  { value: 'other', label: 'Other' },
] as const);

export const researchTimelines = optionSet([
  { value: 'asap', label: 'As soon as possible' },
  { value: '1-2weeks', label: '1–2 weeks' },
  { value: '3-4weeks', label: '3–4 weeks' },
  { value: '1-2months', label: '1–2 months' },
  { value: 'flexible', label: 'Flexible' },
] as const);

/** Research budgets are in Kenyan shillings (spec section 9). */
export const researchBudgets = optionSet([
  { value: '50k-100k', label: 'Ksh 50,000 – 100,000' },
  { value: '100k-250k', label: 'Ksh 100,000 – 250,000' },
  { value: '250k-500k', label: 'Ksh 250,000 – 500,000' },
  { value: '500k+', label: 'Ksh 500,000+' },
  { value: 'discuss', label: "Let's discuss" },
] as const);

export const ageRanges = optionSet([
  { value: '18-24', label: '18–24' },
  { value: '25-34', label: '25–34' },
  { value: '35-44', label: '35–44' },
  { value: '45-54', label: '45–54' },
  { value: '55+', label: '55+' },
] as const);

export const educationLevels = optionSet([
  { value: 'High School', label: 'High School' },
  { value: 'Some College', label: 'Some College' },
  { value: 'Associate Degree', label: 'Associate Degree' },
  { value: "Bachelor's Degree", label: "Bachelor's Degree" },
  { value: "Master's Degree", label: "Master's Degree" },
  { value: 'Doctoral Degree', label: 'Doctoral Degree' },
  { value: 'Professional Degree', label: 'Professional Degree' },
  { value: 'Other', label: 'Other' },
] as const);

export const studyStatuses = [
  'not_started',
  'active',
  'paused',
  'completed',
  'cancelled',
  'postponed',
] as const;
export type StudyStatus = (typeof studyStatuses)[number];

export const applicationStatuses = [
  'interested',
  'screening',
  'selected',
  'scheduled',
  'completed',
  'declined',
  'disqualified',
  'withdrawn',
  'no_show',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** Study sessions (decisions.md section 9). */
export const sessionModes = ['in_person', 'remote'] as const;
export type SessionMode = (typeof sessionModes)[number];
export const sessionStatuses = ['open', 'cancelled'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];
/** What staff mark for a booking once its session has started. */
export const attendanceValues = ['attended', 'no_show', 'excused'] as const;
export type Attendance = (typeof attendanceValues)[number];
export const reminderKinds = ['24h', '2h'] as const;
export type ReminderKind = (typeof reminderKinds)[number];
export const waitlistStatuses = ['waiting', 'offered', 'booked', 'expired', 'left'] as const;
export type WaitlistStatus = (typeof waitlistStatuses)[number];

export const requestStatuses = ['new', 'contacted', 'in-progress', 'closed'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const paymentStatuses = [
  'pending',
  'processing',
  'completed',
  'failed',
  'refunded',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Why a payment is owed (decisions.md section 11): the completion's pay rate x duration, or an extra. */
export const paymentReasons = ['completion', 'show_up', 'transport', 'bonus', 'other'] as const;
export type PaymentReason = (typeof paymentReasons)[number];

/** Where one payout attempt stands (decision 032). */
export const payoutAttemptStates = [
  'queued',
  'sending',
  'accepted',
  'querying',
  'succeeded',
  'failed',
  'unknown',
] as const;
export type PayoutAttemptState = (typeof payoutAttemptStates)[number];

export const payoutProviders = ['manual', 'mpesa'] as const;
export type PayoutProvider = (typeof payoutProviders)[number];

export const userTypes = ['participant', 'admin'] as const;
export type UserType = (typeof userTypes)[number];

export const adminRoles = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof adminRoles)[number];
