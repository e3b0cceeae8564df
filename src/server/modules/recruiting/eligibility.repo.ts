import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { applications, participants, studies } from '../../db/schema/index';
import type { StoredCriteria } from '../../../shared/schemas/recruiting';
import type { EligibilityProfile } from '../../../shared/rules/eligibility';

/**
 * The eligibility rule of src/shared/rules/eligibility.ts in SQL, for many participants at
 * once (decisions.md section 10, docs/decisions/036-recruiting.md). The two are held to the
 * same answers by eligibility.agreement.int.test.ts.
 */

/** The applications that count as "took part": scheduled, completed, or attended. */
function tookPart(): SQL {
  return or(
    inArray(applications.status, ['scheduled', 'completed']),
    eq(applications.attendance, 'attended'),
  )!;
}

/** `YYYY-MM-DD` moved back `years` whole years (the day kept as written: string order is age order). */
function yearsBefore(today: string, years: number): string {
  return `${String(Number(today.slice(0, 4)) - years).padStart(4, '0')}${today.slice(4)}`;
}

/**
 * Aged from `ageMin` to `ageMax` whole years on `today` (Nairobi's date), either bound
 * optional; undefined when neither is given. ageOn(dob, today) >= m exactly when dob <= today
 * moved back m years, compared as text, so the btree index on date_of_birth serves it. A
 * person without a date of birth is of no age ('' sorts first, so it is ruled out by name).
 */
export function agedBetween(
  ageMin: number | undefined,
  ageMax: number | undefined,
  today: string,
): SQL | undefined {
  return and(
    ageMin === undefined
      ? undefined
      : sql`${participants.dateOfBirth} <= ${yearsBefore(today, ageMin)} AND ${participants.dateOfBirth} <> ''`,
    ageMax === undefined
      ? undefined
      : sql`${participants.dateOfBirth} > ${yearsBefore(today, ageMax + 1)}`,
  );
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The criteria as a predicate over `participants` (the rows of any query that reads that
 * table). `today` is Nairobi's date (nairobiToday). An empty field fails its criterion:
 * NULL never passes `IN`, and an empty array overlaps nothing.
 */
export function criteriaPredicate(criteria: StoredCriteria, today: string): SQL {
  const parts: (SQL | undefined)[] = [agedBetween(criteria.ageMin, criteria.ageMax, today)];
  if (criteria.genders.length > 0) parts.push(inArray(participants.gender, criteria.genders));
  if (criteria.counties.length > 0) parts.push(inArray(participants.county, criteria.counties));
  if (criteria.employment.length > 0)
    parts.push(inArray(participants.employment, criteria.employment));
  if (criteria.incomeBands.length > 0)
    parts.push(inArray(participants.incomeBand, criteria.incomeBands));
  if (criteria.languages.length > 0)
    parts.push(sql`${participants.languages} && ${textArray(criteria.languages)}`);
  if (criteria.devices.length > 0)
    parts.push(sql`${participants.devices} && ${textArray(criteria.devices)}`);
  const excludes: SQL[] = [];
  if (criteria.excludeStudies.length > 0)
    excludes.push(inArray(applications.testId, criteria.excludeStudies));
  if (criteria.excludeTags.length > 0)
    excludes.push(sql`${studies.tags} && ${textArray(criteria.excludeTags)}`);
  if (excludes.length > 0)
    parts.push(
      sql`NOT EXISTS (SELECT 1 FROM ${applications} INNER JOIN ${studies} ON ${studies.id} = ${applications.testId} WHERE ${applications.participantId} = ${participants.id} AND ${tookPart()} AND (${or(...excludes)}))`,
    );
  return and(...parts) ?? sql`true`;
}

/** Who may take part at all: not blocked, account active. */
export function canTakePart(): SQL {
  return and(isNull(participants.blockedAt), eq(participants.isActive, true))!;
}

/** Eligible for a study: may take part and meets its criteria. */
export function eligibleFor(criteria: StoredCriteria, today: string): SQL {
  return and(canTakePart(), criteriaPredicate(criteria, today))!;
}

/** The ids, among `ids`, of the participants eligible under `criteria` (the SQL form). */
export async function eligibleAmong(
  db: DbOrTx,
  criteria: StoredCriteria,
  today: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: participants.id })
    .from(participants)
    .where(and(inArray(participants.id, [...ids]), eligibleFor(criteria, today)));
  return new Set(rows.map((r) => r.id));
}

export type EligibilitySubject = {
  profile: EligibilityProfile;
  history: { studyIds: string[]; tags: string[] };
  /** Every study they applied to, whatever became of it (their list keeps those). */
  applied: Set<string>;
  blocked: boolean;
  active: boolean;
};

/**
 * One participant as the one-person rule (src/shared/rules/eligibility.ts) reads them:
 * their profile, and the ids and tags of the studies they took part in; with the studies
 * they applied to, read by the same query. With `lock`, their row is held (FOR SHARE) to the
 * end of the transaction: a block or a profile edit waits for an application being made, or
 * the application sees it.
 */
export async function eligibilitySubject(
  db: DbOrTx,
  participantId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<EligibilitySubject | undefined> {
  const query = db
    .select({
      dateOfBirth: participants.dateOfBirth,
      gender: participants.gender,
      county: participants.county,
      employment: participants.employment,
      incomeBand: participants.incomeBand,
      languages: participants.languages,
      devices: participants.devices,
      blockedAt: participants.blockedAt,
      isActive: participants.isActive,
    })
    .from(participants)
    .where(eq(participants.id, participantId))
    .limit(1)
    .$dynamic();
  const [person] = await (lock ? query.for('share') : query);
  if (!person) return undefined;
  const applied = await db
    .select({ id: studies.id, tags: studies.tags, tookPart: sql<boolean>`${tookPart()}` })
    .from(applications)
    .innerJoin(studies, eq(studies.id, applications.testId))
    .where(eq(applications.participantId, participantId));
  const history = applied.filter((a) => a.tookPart);
  return {
    profile: {
      dateOfBirth: person.dateOfBirth || null,
      gender: person.gender,
      county: person.county,
      employment: person.employment,
      incomeBand: person.incomeBand,
      languages: person.languages,
      devices: person.devices,
    },
    history: {
      studyIds: history.map((h) => h.id),
      tags: [...new Set(history.flatMap((h) => h.tags))],
    },
    applied: new Set(applied.map((a) => a.id)),
    blocked: person.blockedAt !== null,
    active: person.isActive,
  };
}
