import type { Answer, Answers } from '@/shared/schemas/recruiting';
import type { Study } from '@/shared/schemas/studies';

type Question = Study['screener'][number];

/** One answer in words: the chosen options' labels, the number, or the text. */
function answerText(question: Question, answer: Answer): { text: string; disqualifies: boolean } {
  if (typeof answer === 'number') {
    const outside =
      (question.min !== undefined && answer < question.min) ||
      (question.max !== undefined && answer > question.max);
    return { text: answer.toLocaleString('en-KE'), disqualifies: outside };
  }
  if (question.kind === 'text' && typeof answer === 'string')
    return { text: answer, disqualifies: false };
  const chosen = typeof answer === 'string' ? [answer] : answer;
  const options = new Map((question.options ?? []).map((o) => [o.id, o]));
  return {
    text: chosen.map((id) => options.get(id)?.label ?? id).join(', '),
    disqualifies: chosen.some((id) => options.get(id)?.rule === 'disqualify'),
  };
}

/**
 * An applicant's answers to the study's screener, beside them (decisions.md section 10):
 * each question's words and what they answered; an answer that disqualified is marked, and
 * a disqualified application says so first.
 */
export function ApplicantAnswers({
  answers,
  screener,
  disqualified,
}: {
  answers: Answers | null;
  screener: readonly Question[] | undefined;
  disqualified: boolean;
}) {
  const questions = screener ?? [];
  if (questions.length === 0) return null;
  const rows = questions.map((q) => {
    const answer = answers?.[q.id];
    return { q, shown: answer === undefined ? undefined : answerText(q, answer) };
  });
  // Staff may disqualify by hand too: only answers that disqualify name the screener.
  const byScreener = disqualified && rows.some((a) => a.shown?.disqualifies);
  return (
    <div className="grid gap-1 text-sm" data-testid="applicant-answers">
      {byScreener && (
        <p className="w-fit rounded-full border border-red-200 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-800">
          Disqualified by the screener
        </p>
      )}
      <dl className="grid gap-1">
        {rows.map(({ q, shown }) => (
          <div key={q.id} className="min-w-0">
            <dt className="text-xs text-muted-foreground wrap-anywhere">{q.text}</dt>
            <dd className="wrap-anywhere whitespace-pre-wrap">
              {shown ? (
                <>
                  {shown.text}
                  {shown.disqualifies && <span className="text-destructive"> (disqualifies)</span>}
                </>
              ) : (
                <span className="text-muted-foreground">Not answered</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
