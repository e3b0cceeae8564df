import type { ScreenerQuestion } from '../../src/shared/schemas/recruiting';

/** Screener questions the recruiting tests build their screeners from. */
export const CHAMA_QUESTION: ScreenerQuestion = {
  id: 'chama',
  text: 'Are you in a chama?',
  kind: 'single',
  required: true,
  options: [
    { id: 'yes', label: 'Yes', rule: 'qualify' },
    { id: 'no', label: 'No', rule: 'disqualify' },
  ],
};
export const MEMBERS_QUESTION: ScreenerQuestion = {
  id: 'members',
  text: 'How many members?',
  kind: 'number',
  required: false,
  min: 5,
  max: 50,
};
export const STORY_QUESTION: ScreenerQuestion = {
  id: 'story',
  text: 'Tell us about it',
  kind: 'text',
  required: false,
};

/** A valid body for POST /api/tests, with `extra` over it. */
export const studyBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Chama savings app study',
  description: 'Save with your chama in the app while thinking aloud.',
  payRate: 2000,
  duration: 1,
  maxParticipants: 5,
  startDate: '2026-07-01',
  endDate: '2026-07-20',
  ...extra,
});
