import { Loader2Icon, UsersIcon } from 'lucide-react';
import { useMatches } from '@/client/api/studies/get-matches';
import { useDebouncedValue } from '@/client/lib/use-debounced-value';
import { criteriaSchema, type CriteriaInput } from '@/shared/schemas/recruiting';

const count = (n: number) => n.toLocaleString('en-KE');

/**
 * How many participants the criteria being edited reach (GET /api/tests/{id}/matches),
 * counted again once typing pauses for 400 ms; a study not yet created has no count (the
 * count needs its id), and says so.
 */
export function StudyMatchCount({
  studyId,
  criteria,
}: {
  studyId: string | undefined;
  criteria: CriteriaInput | undefined;
}) {
  // Compared as text: the form hands a new object on every render.
  const now = JSON.stringify(criteria ?? {});
  const settled = useDebouncedValue(now, 400);
  const parsed = criteriaSchema.safeParse(JSON.parse(settled));
  const matches = useMatches(studyId, parsed.success ? parsed.data : undefined, {
    enabled: parsed.success,
  });
  const typing = now !== settled;

  let text: string;
  if (!studyId)
    text =
      'The number of eligible participants appears once the test is saved: the count needs the test.';
  else if (!parsed.success) text = 'Fix the criteria above to count eligible participants.';
  else if (matches.isPending) text = 'Counting eligible participants…';
  else if (matches.isError && !matches.data)
    text = 'The eligible participants could not be counted.';
  else if (matches.data) {
    // Too many to count at once: the server's rounded estimates (decision 037).
    const about = matches.data.estimated ? 'About ' : '';
    text = `${about}${count(matches.data.total)} eligible · ${about.toLowerCase()}${count(matches.data.invitable)} can be invited`;
  } else text = '';
  const busy = Boolean(studyId) && parsed.success && (typing || matches.isFetching);

  return (
    <div
      className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm"
      data-testid="match-count"
    >
      {busy ? (
        <Loader2Icon className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
      ) : (
        <UsersIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      )}
      <p role="status" aria-live="polite" aria-busy={busy || undefined}>
        {text}
        {busy && matches.data && <span className="sr-only"> Counting again…</span>}
      </p>
    </div>
  );
}
