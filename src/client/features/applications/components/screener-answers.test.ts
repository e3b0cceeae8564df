import { describe, expect, it } from 'vitest';
import { translate } from '@/shared/i18n/runtime';
import type { PublicQuestion } from '@/shared/schemas/recruiting';
import { answerErrors, answersOf, serverAnswerErrors } from './screener-answers';

const questions: PublicQuestion[] = [
  {
    id: 'radio',
    text: 'How often do you listen to the radio?',
    kind: 'single',
    required: true,
    options: [
      { id: 'daily', label: 'Every day' },
      { id: 'never', label: 'Never' },
    ],
  },
  {
    id: 'sell',
    text: 'What do you sell?',
    kind: 'multi',
    required: false,
    options: [
      { id: 'fish', label: 'Fish' },
      { id: 'cloth', label: 'Cloth' },
    ],
  },
  { id: 'years', text: 'Years trading', kind: 'number', required: true },
  { id: 'note', text: 'Anything else?', kind: 'text', required: false },
];
const say = (key: 'answers.required' | 'answers.wrongKind') => translate('en', 'validation', key);

describe('screener answers in the browser (decisions.md section 10)', () => {
  it('sends numbers as numbers and leaves out what was not answered (blank text, no ticks)', () => {
    expect(answersOf(questions, { radio: 'daily', sell: [], years: ' 12 ', note: '   ' })).toEqual({
      radio: 'daily',
      years: 12,
    });
    expect(answersOf(questions, { sell: ['fish'], years: '', note: ' Kibuye ' })).toEqual({
      sell: ['fish'],
      note: 'Kibuye',
    });
  });

  it("refuses by the server's rule: a required question unanswered, a number that is not one", () => {
    expect(answerErrors(questions, { years: 'many' })).toEqual({
      radio: say('answers.required'),
      years: say('answers.wrongKind'),
    });
    expect(answerErrors(questions, { radio: 'never', years: '3' })).toEqual({});
  });

  it("puts the server's field errors by their question, named either way", () => {
    expect(
      serverAnswerErrors(questions, {
        'answers.radio': 'Choose from the options given',
        years: 'Enter a smaller number',
        other: 'not a question',
      }),
    ).toEqual({ radio: 'Choose from the options given', years: 'Enter a smaller number' });
  });
});
