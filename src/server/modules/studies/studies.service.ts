import type { Db } from '../../db/client';
import { cachedValue } from '../../lib/cache';
import { toStudy } from './studies.mapper';
import { listStudies } from './studies.repo';

/** The public list of active studies is read by every visitor; it may be a few seconds old. */
export const PUBLIC_STUDIES_TTL_MS = 3000;

export function createStudiesService({ db }: { db: Db }) {
  // Kept serialised: the hot path sends bytes without mapping or validating again.
  const publicList = cachedValue(PUBLIC_STUDIES_TTL_MS, async () =>
    JSON.stringify({ tests: (await listStudies(db, { activeOnly: true })).map(toStudy) }),
  );
  return {
    publicListJson: () => publicList.get(),
    async listAll() {
      return (await listStudies(db, { activeOnly: false })).map(toStudy);
    },
    /** Call after a study changes so this instance's public list is fresh at once. */
    invalidatePublicList: () => publicList.invalidate(),
  };
}
export type StudiesService = ReturnType<typeof createStudiesService>;

export type NewStudy = {
  title: string;
  description: string;
  payRate: string;
  duration: number;
  maxParticipants: number;
  startDate: string;
  endDate: string;
  company?: string | undefined;
  tags: string[];
  requirements?: string | undefined;
};
