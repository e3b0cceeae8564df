import { QueryReads } from '@/client/lib/query-reads';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { studyKeys } from '@/client/api/studies/keys';
import { createQueryClient } from '@/client/lib/query-client';
import { criteriaSchema, type Matches } from '@/shared/schemas/recruiting';
import { StudyMatchCount } from './admin-study-match-count';

/** The count as it shows `answer` for criteria { counties: ['Nairobi'] }. */
function shown(answer: Matches): string {
  const client = createQueryClient();
  const criteria = { counties: ['Nairobi' as const] };
  client.setQueryData(studyKeys.matches('study-1', criteriaSchema.parse(criteria)), answer);
  const html = renderToString(
    <QueryReads client={client}>
      <StudyMatchCount studyId="study-1" criteria={criteria} />
    </QueryReads>,
  );
  return html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
}

describe('StudyMatchCount (decision 037)', () => {
  it('shows exact counts as they are', () => {
    expect(shown({ total: 3648, invitable: 1647, estimated: false, cooldownDays: 7 })).toContain(
      '3,648 eligible · 1,647 can be invited',
    );
  });

  it('says "about" of estimates', () => {
    expect(
      shown({ total: 300_000, invitable: 120_000, estimated: true, cooldownDays: 7 }),
    ).toContain('About 300,000 eligible · about 120,000 can be invited');
  });
});
