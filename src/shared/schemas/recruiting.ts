import { z } from 'zod';
import { tr } from '../i18n/runtime';
import { isAllowedText, notAllowedMessage, say, text } from './fields';

/**
 * Recruiting (decisions.md section 10, docs/decisions/036-recruiting.md): the research
 * profile's option sets, a study's criteria and screener, and the answers to a screener.
 * Values are the wire and database values; their words are in the `recruiting` catalogue
 * under `<set>.<value>` (e.g. `gender.woman`, `device.android_phone`).
 */

/** Kenya's 47 counties as the Constitution's First Schedule spells them, in its order. */
export const kenyanCounties = [
  'Mombasa',
  'Kwale',
  'Kilifi',
  'Tana River',
  'Lamu',
  'Taita-Taveta',
  'Garissa',
  'Wajir',
  'Mandera',
  'Marsabit',
  'Isiolo',
  'Meru',
  'Tharaka-Nithi',
  'Embu',
  'Kitui',
  'Machakos',
  'Makueni',
  'Nyandarua',
  'Nyeri',
  'Kirinyaga',
  "Murang'a",
  'Kiambu',
  'Turkana',
  'West Pokot',
  'Samburu',
  'Trans Nzoia',
  'Uasin Gishu',
  'Elgeyo-Marakwet',
  'Nandi',
  'Baringo',
  'Laikipia',
  'Nakuru',
  'Narok',
  'Kajiado',
  'Kericho',
  'Bomet',
  'Kakamega',
  'Vihiga',
  'Bungoma',
  'Busia',
  'Siaya',
  'Kisumu',
  'Homa Bay',
  'Migori',
  'Kisii',
  'Nyamira',
  'Nairobi',
] as const;
export type County = (typeof kenyanCounties)[number];

export const PREFER_NOT_TO_SAY = 'prefer_not_to_say';

export const genders = ['woman', 'man', 'non_binary', PREFER_NOT_TO_SAY] as const;
export const employmentStatuses = [
  'employed_full_time',
  'employed_part_time',
  'self_employed',
  'casual',
  'student',
  'unemployed',
  'retired',
  'homemaker',
  PREFER_NOT_TO_SAY,
] as const;
/** Monthly household income, KES. */
export const incomeBands = [
  'under_10k',
  '10k_30k',
  '30k_50k',
  '50k_100k',
  '100k_250k',
  '250k_plus',
  PREFER_NOT_TO_SAY,
] as const;
export const spokenLanguages = [
  'english',
  'kiswahili',
  'kikuyu',
  'dholuo',
  'luhya',
  'kalenjin',
  'kamba',
  'kisii',
  'meru',
  'maa',
  'somali',
  'other',
] as const;
export const devices = ['android_phone', 'iphone', 'feature_phone', 'computer', 'tablet'] as const;
export const mobileMoneyServices = [
  'mpesa',
  'airtel_money',
  't_kash',
  'equitel',
  'other',
  'none',
] as const;
export const internetAccessLevels = [
  'mobile_and_home',
  'mobile_only',
  'home_only',
  'occasional',
  'none',
  PREFER_NOT_TO_SAY,
] as const;

export type Gender = (typeof genders)[number];
export type Employment = (typeof employmentStatuses)[number];
export type IncomeBand = (typeof incomeBands)[number];
export type SpokenLanguage = (typeof spokenLanguages)[number];
export type Device = (typeof devices)[number];
export type MobileMoney = (typeof mobileMoneyServices)[number];
export type InternetAccess = (typeof internetAccessLevels)[number];

const CHOICE = say('choice');

/** One choice of `values`, '' clears it (a profile update); null stays "not given". */
const clearableChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values, { error: CHOICE })], { error: CHOICE })
    .transform((v) => (v === '' ? null : v))
    .optional();

/** Several choices of `values`, each once; [] clears the field. */
const choiceList = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: CHOICE }), { error: CHOICE })
    .max(values.length, { error: CHOICE })
    .refine((list) => new Set(list).size === list.length, { error: CHOICE });

/**
 * The research profile fields section 10 adds, as PUT /api/participants/{id}/profile takes
 * them: each optional; '' (or []) clears one. `occupation`, `education` and `dateOfBirth`
 * are the spec's fields (schemas/participants.ts).
 */
export const recruitingProfileFields = {
  gender: clearableChoice(genders),
  county: clearableChoice(kenyanCounties),
  town: text(say('label.town'), { max: 100, kind: 'plain' })
    .transform((v) => v || null)
    .optional(),
  employment: clearableChoice(employmentStatuses),
  incomeBand: clearableChoice(incomeBands),
  languages: choiceList(spokenLanguages).optional(),
  devices: choiceList(devices).optional(),
  /** "None" stands alone: no services and some services at once is refused. */
  mobileMoney: choiceList(mobileMoneyServices)
    .refine((list) => !list.includes('none') || list.length === 1, {
      error: say('mobileMoneyNone'),
    })
    .optional(),
  internetAccess: clearableChoice(internetAccessLevels),
  inviteOptIn: z.boolean({ error: CHOICE }).optional(),
};

/** The research profile as the API answers it (owner and admins). */
export const recruitingProfileSchema = z.object({
  gender: z.enum(genders).nullable(),
  county: z.enum(kenyanCounties).nullable(),
  town: z.string().nullable(),
  employment: z.enum(employmentStatuses).nullable(),
  incomeBand: z.enum(incomeBands).nullable(),
  languages: z.array(z.enum(spokenLanguages)),
  devices: z.array(z.enum(devices)),
  mobileMoney: z.array(z.enum(mobileMoneyServices)),
  internetAccess: z.enum(internetAccessLevels).nullable(),
  inviteOptIn: z.boolean(),
});
export type RecruitingProfile = z.infer<typeof recruitingProfileSchema>;

// ---------------------------------------------------------------------------------------
// Study criteria
// ---------------------------------------------------------------------------------------

export const AGE_LIMITS = { min: 16, max: 100 } as const;
const ageBound = z
  .number({ error: () => tr('validation', 'criteria.age') })
  .int({ error: () => tr('validation', 'criteria.age') })
  .min(AGE_LIMITS.min, { error: () => tr('validation', 'criteria.age') })
  .max(AGE_LIMITS.max, { error: () => tr('validation', 'criteria.age') });
/** A criterion's values: only the ones a person can be (never "prefer not to say"). */
const without = <const T extends readonly string[]>(values: T) =>
  values.filter((v) => v !== PREFER_NOT_TO_SAY) as unknown as [
    Exclude<T[number], typeof PREFER_NOT_TO_SAY>,
    ...Exclude<T[number], typeof PREFER_NOT_TO_SAY>[],
  ];
const criterionList = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values, { error: () => tr('validation', 'criteria.unknownValue') }))
    .max(values.length)
    .transform((list) => [...new Set(list)])
    .optional();
const TAG_MAX = 40;

/** Ages from and to in order, as the study criteria want them (on the schemas that spread the filters). */
export const agesInOrder: [
  (f: { ageMin?: number | undefined; ageMax?: number | undefined }) => boolean,
  { path: PropertyKey[]; error: () => string },
] = [
  (f) => f.ageMin === undefined || f.ageMax === undefined || f.ageMin <= f.ageMax,
  { path: ['ageMax'], error: () => tr('validation', 'criteria.ageOrder') },
];

/**
 * A study's criteria (POST and PUT /api/tests, and its answer): each optional; a participant
 * is eligible when every criterion given is met; a list given empty sets nothing.
 */
export const criteriaSchema = z
  .object({
    ageMin: ageBound.optional(),
    ageMax: ageBound.optional(),
    genders: criterionList(without(genders)),
    counties: criterionList(kenyanCounties),
    employment: criterionList(without(employmentStatuses)),
    devices: criterionList(devices),
    languages: criterionList(spokenLanguages),
    incomeBands: criterionList(without(incomeBands)),
    excludeStudies: z
      .array(z.uuid({ error: say('invalidId') }))
      .max(50, { error: () => tr('validation', 'criteria.tooMany') })
      .transform((list) => [...new Set(list)])
      .optional(),
    excludeTags: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .max(TAG_MAX)
          .refine((t) => isAllowedText(t, 'line'), { error: notAllowedMessage('Tags') }),
      )
      .max(20, { error: () => tr('validation', 'criteria.tooMany') })
      .transform((list) => [...new Set(list)])
      .optional(),
  })
  .strict()
  .refine(...agesInOrder);
export type Criteria = z.output<typeof criteriaSchema>;
export type CriteriaInput = z.input<typeof criteriaSchema>;

/** The criteria as stored and answered: every list present (maybe empty). */
export type StoredCriteria = {
  ageMin?: number;
  ageMax?: number;
  genders: Exclude<Gender, typeof PREFER_NOT_TO_SAY>[];
  counties: County[];
  employment: Exclude<Employment, typeof PREFER_NOT_TO_SAY>[];
  devices: Device[];
  languages: SpokenLanguage[];
  incomeBands: Exclude<IncomeBand, typeof PREFER_NOT_TO_SAY>[];
  excludeStudies: string[];
  excludeTags: string[];
};

export function normaliseCriteria(c: Criteria | undefined | null): StoredCriteria {
  return {
    ...(c?.ageMin !== undefined ? { ageMin: c.ageMin } : {}),
    ...(c?.ageMax !== undefined ? { ageMax: c.ageMax } : {}),
    genders: c?.genders ?? [],
    counties: c?.counties ?? [],
    employment: c?.employment ?? [],
    devices: c?.devices ?? [],
    languages: c?.languages ?? [],
    incomeBands: c?.incomeBands ?? [],
    excludeStudies: c?.excludeStudies ?? [],
    excludeTags: c?.excludeTags ?? [],
  };
}

export const storedCriteriaSchema = z.object({
  ageMin: z.number().int().optional(),
  ageMax: z.number().int().optional(),
  genders: z.array(z.enum(without(genders))),
  counties: z.array(z.enum(kenyanCounties)),
  employment: z.array(z.enum(without(employmentStatuses))),
  devices: z.array(z.enum(devices)),
  languages: z.array(z.enum(spokenLanguages)),
  incomeBands: z.array(z.enum(without(incomeBands))),
  excludeStudies: z.array(z.string()),
  excludeTags: z.array(z.string()),
});

// ---------------------------------------------------------------------------------------
// Screener
// ---------------------------------------------------------------------------------------

export const questionKinds = ['single', 'multi', 'number', 'text'] as const;
export const optionRules = ['qualify', 'disqualify', 'neutral'] as const;
export type QuestionKind = (typeof questionKinds)[number];
export type OptionRule = (typeof optionRules)[number];

export const SCREENER_LIMITS = {
  questions: 20,
  options: 20,
  questionText: 500,
  optionLabel: 200,
  textAnswer: 2000,
  /** A number answer and a question's bounds: what a JSON number holds exactly. */
  number: 1_000_000_000,
} as const;

const ID = /^[a-z0-9_-]{1,40}$/;
const screenerId = z
  .string({ error: () => tr('validation', 'screener.id') })
  .regex(ID, { error: () => tr('validation', 'screener.id') })
  // An answer keyed `__proto__` is refused as prototype poisoning by every JSON body parser
  // (400): a question of that id could never be answered, nor anyone apply.
  .refine((id) => id !== '__proto__', { error: () => tr('validation', 'screener.id') });
const bound = z
  .number({ error: () => tr('validation', 'screener.bound') })
  .min(-SCREENER_LIMITS.number, { error: () => tr('validation', 'screener.bound') })
  .max(SCREENER_LIMITS.number, { error: () => tr('validation', 'screener.bound') });

const optionSchema = z
  .object({
    id: screenerId,
    label: text(() => tr('validation', 'screener.optionLabel'), {
      max: SCREENER_LIMITS.optionLabel,
      required: () => tr('validation', 'screener.optionLabelRequired'),
    }),
    rule: z.enum(optionRules, { error: CHOICE }),
  })
  .strict();

const questionSchema = z
  .object({
    id: screenerId,
    text: text(() => tr('validation', 'screener.text'), {
      max: SCREENER_LIMITS.questionText,
      kind: 'multiline',
      required: () => tr('validation', 'screener.textRequired'),
    }),
    kind: z.enum(questionKinds, { error: CHOICE }),
    required: z.boolean({ error: CHOICE }),
    options: z
      .array(optionSchema)
      .max(SCREENER_LIMITS.options, { error: () => tr('validation', 'screener.tooManyOptions') })
      .optional(),
    min: bound.optional(),
    max: bound.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const choice = q.kind === 'single' || q.kind === 'multi';
    if (choice && (q.options?.length ?? 0) < 2)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: tr('validation', 'screener.needsOptions'),
      });
    if (!choice && q.options !== undefined && q.options.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: tr('validation', 'screener.noOptions'),
      });
    if (q.kind !== 'number' && (q.min !== undefined || q.max !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['min'],
        message: tr('validation', 'screener.boundsForNumbers'),
      });
    if (q.min !== undefined && q.max !== undefined && q.min > q.max)
      ctx.addIssue({
        code: 'custom',
        path: ['max'],
        message: tr('validation', 'screener.boundOrder'),
      });
    const ids = (q.options ?? []).map((o) => o.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: tr('validation', 'screener.duplicateId'),
      });
  });

/** A study's screener (POST and PUT /api/tests): its questions, in order; [] removes it. */
export const screenerSchema = z
  .array(questionSchema)
  .max(SCREENER_LIMITS.questions, { error: () => tr('validation', 'screener.tooMany') })
  .superRefine((questions, ctx) => {
    const ids = questions.map((q) => q.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: tr('validation', 'screener.duplicateId') });
  });
export type Screener = z.output<typeof screenerSchema>;
export type ScreenerInput = z.input<typeof screenerSchema>;
export type ScreenerQuestion = Screener[number];

/**
 * A screener as the API answers it: admins get every field; participants and visitors get
 * no `rule`, `min` or `max` (publicScreener).
 */
export const screenerAnswerSchema = z.array(
  z.object({
    id: z.string(),
    text: z.string(),
    kind: z.enum(questionKinds),
    required: z.boolean(),
    options: z
      .array(z.object({ id: z.string(), label: z.string(), rule: z.enum(optionRules).optional() }))
      .optional(),
    min: z.number().optional(),
    max: z.number().optional(),
  }),
);

/** What participants and visitors see of a screener: no rules, no bounds. */
export const publicQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(questionKinds),
  required: z.boolean(),
  options: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

export function publicScreener(screener: Screener): PublicQuestion[] {
  return screener.map((q) => ({
    id: q.id,
    text: q.text,
    kind: q.kind,
    required: q.required,
    ...(q.options ? { options: q.options.map((o) => ({ id: o.id, label: o.label })) } : {}),
  }));
}

// ---------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------

export type Answer = string | string[] | number;
export type Answers = Record<string, Answer>;
/** Stored answers as the API answers them (admins, and the applicant's own). */
export const answersSchema = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string()), z.number()]),
);

/**
 * The shape every `answers` body has before it is checked against its screener: at most
 * one entry per question, values of the kinds a screener can ask.
 */
export const answersShapeSchema = z
  .record(
    z.string().regex(ID, { error: () => tr('validation', 'answers.unknownQuestion') }),
    z.union([
      z.string().max(SCREENER_LIMITS.textAnswer),
      z.array(z.string().max(40)).max(SCREENER_LIMITS.options),
      z.number(),
    ]),
  )
  .refine((a) => Object.keys(a).length <= SCREENER_LIMITS.questions, {
    error: () => tr('validation', 'answers.unknownQuestion'),
  });

/**
 * The answers checked against the screener (the server's 400 and the form's messages alike):
 * field errors keyed by question id, empty when they fit. Text answers are trimmed by the
 * caller's schema; an empty text, an empty list or a missing entry is "not answered".
 */
export function checkAnswers(screener: Screener, answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  const known = new Set(screener.map((q) => q.id));
  for (const id of Object.keys(answers))
    if (!known.has(id)) errors[id] = tr('validation', 'answers.unknownQuestion');
  for (const q of screener) {
    // Own entries only: a question named `constructor` is not answered by Object's.
    const answer = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
    const empty =
      answer === undefined ||
      (typeof answer === 'string' && answer.trim() === '') ||
      (Array.isArray(answer) && answer.length === 0);
    if (empty) {
      if (q.required) errors[q.id] = tr('validation', 'answers.required');
      continue;
    }
    const optionIds = new Set((q.options ?? []).map((o) => o.id));
    const wrongKind = () => (errors[q.id] = tr('validation', 'answers.wrongKind'));
    switch (q.kind) {
      case 'single':
        if (typeof answer !== 'string') wrongKind();
        else if (!optionIds.has(answer)) errors[q.id] = tr('validation', 'answers.unknownOption');
        break;
      case 'multi':
        if (!Array.isArray(answer)) wrongKind();
        else if (new Set(answer).size !== answer.length || answer.some((a) => !optionIds.has(a)))
          errors[q.id] = tr('validation', 'answers.unknownOption');
        break;
      case 'number':
        if (typeof answer !== 'number' || !Number.isFinite(answer)) wrongKind();
        else if (Math.abs(answer) > SCREENER_LIMITS.number)
          errors[q.id] = tr('validation', 'answers.numberRange');
        break;
      case 'text':
        if (typeof answer !== 'string') wrongKind();
        else if (!isAllowedText(answer, 'multiline'))
          errors[q.id] = notAllowedMessage(() => tr('validation', 'answers.textLabel'))();
        break;
    }
  }
  return errors;
}

/**
 * Whether answers that fit the screener qualify: any chosen option whose rule is
 * disqualify, or a number outside the question's min-max, disqualifies. (A question's
 * qualify options are the ones that let the applicant through; neutral ones say nothing.)
 */
export function screenerOutcome(
  screener: Screener,
  answers: Answers,
): 'qualified' | 'disqualified' {
  for (const q of screener) {
    // Own entries only: a question named `constructor` is not answered by Object's.
    const answer = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
    if (answer === undefined) continue;
    if (q.kind === 'number' && typeof answer === 'number') {
      if ((q.min !== undefined && answer < q.min) || (q.max !== undefined && answer > q.max))
        return 'disqualified';
      continue;
    }
    const chosen = typeof answer === 'string' ? [answer] : Array.isArray(answer) ? answer : [];
    if (q.kind !== 'single' && q.kind !== 'multi') continue;
    const rules = new Map((q.options ?? []).map((o) => [o.id, o.rule]));
    if (chosen.some((id) => rules.get(id) === 'disqualify')) return 'disqualified';
  }
  return 'qualified';
}

/** The answers stored: text trimmed, empty entries dropped. */
export function cleanAnswers(answers: Answers): Answers {
  const out: Answers = {};
  for (const [id, a] of Object.entries(answers)) {
    if (typeof a === 'string') {
      if (a.trim() !== '') out[id] = a.trim();
    } else if (Array.isArray(a)) {
      if (a.length > 0) out[id] = a;
    } else out[id] = a;
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Consent, matches and invitations
// ---------------------------------------------------------------------------------------

/** PUT /api/me/consent: re-accept the current terms and privacy notice, or change a choice. */
export const consentUpdateSchema = z
  .object({
    acceptCurrent: z.literal(true, { error: CHOICE }).optional(),
    inviteOptIn: z.boolean({ error: CHOICE }).optional(),
    studyMail: z.boolean({ error: CHOICE }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: say('nothingToUpdate'),
  });
export type ConsentUpdate = z.output<typeof consentUpdateSchema>;

/** GET and PUT /api/me/consent answer. */
export const consentSchema = z.object({
  termsVersion: z.string().nullable(),
  privacyVersion: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** True when the accepted versions are not the current ones (dashboard asks again). */
  needsAcceptance: z.boolean(),
  current: z.object({ terms: z.string(), privacy: z.string() }),
  inviteOptIn: z.boolean(),
  studyMail: z.boolean(),
});
export type Consent = z.infer<typeof consentSchema>;

/** GET /api/tests/{id}/matches. */
export const matchesSchema = z.object({
  total: z.number().int(),
  invitable: z.number().int(),
  /** True when both are rounded estimates: too many to count at once (decision 037). */
  estimated: z.boolean(),
  /** INVITE_COOLDOWN_DAYS: nobody is invited more often than this, across studies. */
  cooldownDays: z.number().int(),
});
export type Matches = z.infer<typeof matchesSchema>;

export const INVITE_LIMIT_MAX = 10_000;
/** POST /api/tests/{id}/invitations. */
export const invitationRequestSchema = z
  .object({
    limit: z
      .number({ error: () => tr('validation', 'invite.limit') })
      .int({ error: () => tr('validation', 'invite.limit') })
      .min(1, { error: () => tr('validation', 'invite.limit') })
      .max(INVITE_LIMIT_MAX, { error: () => tr('validation', 'invite.limit') }),
  })
  .strict();
export const invitationResultSchema = z.object({
  invited: z.number().int(),
  skipped: z.object({
    cooldown: z.number().int(),
    optedOut: z.number().int(),
    alreadyInvited: z.number().int(),
  }),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

/** `?answer=questionId:optionId` of GET /api/applications (admins). */
export const answerFilterParam = z
  .string()
  .regex(/^[a-z0-9_-]{1,40}:[a-z0-9_-]{1,40}$/, { error: () => tr('validation', 'answers.filter') })
  .transform((v) => {
    const [questionId = '', optionId = ''] = v.split(':');
    return { questionId, optionId };
  })
  .optional();

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: CHOICE }).optional();
const AGE_FILTER = { error: () => tr('validation', 'criteria.age') };
const ageFilter = z.coerce
  .number(AGE_FILTER)
  .int(AGE_FILTER)
  .min(AGE_LIMITS.min, AGE_FILTER)
  .max(AGE_LIMITS.max, AGE_FILTER)
  .optional();
const flag = z
  .enum(['true', 'false'], { error: CHOICE })
  .transform((v) => v === 'true')
  .optional();

/**
 * The participants tab's filters (GET /api/participants and its CSV export): one value per
 * profile field; `language`, `device` and `mobileMoney` match anyone who has it.
 */
export const participantFilterSchema = z.object({
  gender: oneOf(genders),
  county: oneOf(kenyanCounties),
  employment: oneOf(employmentStatuses),
  incomeBand: oneOf(incomeBands),
  internetAccess: oneOf(internetAccessLevels),
  education: z
    .string()
    .max(50, { error: CHOICE })
    .refine((v) => isAllowedText(v, 'line'), { error: CHOICE })
    .optional(),
  language: oneOf(spokenLanguages),
  device: oneOf(devices),
  mobileMoney: oneOf(mobileMoneyServices),
  ageMin: ageFilter,
  ageMax: ageFilter,
  inviteOptIn: flag,
  blocked: flag,
  /** Only those flagged as possible duplicates. */
  duplicates: flag,
});
export type ParticipantFilter = z.output<typeof participantFilterSchema>;

/** PUT /api/participants/{id}/block. */
export const blockSchema = z
  .object({
    blocked: z.boolean({ error: CHOICE }),
    reason: text(() => tr('validation', 'block.reason'), { max: 500, kind: 'plain' }).optional(),
  })
  .strict();
