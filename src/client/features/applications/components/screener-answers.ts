import {
  type Answers,
  type PublicQuestion,
  type Screener,
  checkAnswers,
  cleanAnswers,
} from '@/shared/schemas/recruiting';

/** What the form holds while it is filled: numbers as typed, so "1." is not lost. */
export type Draft = Record<string, string | string[]>;

/** The draft as the API takes it: numbers parsed (a stray text stays NaN, refused by the check). */
export function answersOf(questions: readonly PublicQuestion[], draft: Draft): Answers {
  const answers: Answers = {};
  for (const q of questions) {
    const value = draft[q.id];
    if (value === undefined) continue;
    if (q.kind === 'number') {
      if (typeof value === 'string' && value.trim() !== '') answers[q.id] = Number(value);
    } else answers[q.id] = value;
  }
  return cleanAnswers(answers);
}

/**
 * The browser's check of the answers, by the shared rule the server applies (checkAnswers):
 * it reads the question ids and options only, which the public screener has.
 */
export function answerErrors(questions: readonly PublicQuestion[], draft: Draft) {
  return checkAnswers(questions as Screener, answersOf(questions, draft));
}

/** The server's 400: its field errors named by question id (or `answers.<id>`). */
export function serverAnswerErrors(
  questions: readonly PublicQuestion[],
  fieldErrors: Record<string, string>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const q of questions) {
    const message = fieldErrors[`answers.${q.id}`] ?? fieldErrors[q.id];
    if (message) errors[q.id] = message;
  }
  return errors;
}
