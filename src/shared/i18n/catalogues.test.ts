import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../../test/i18n-catalogues';
import { languages } from './languages';
import { namespaces } from './namespaces';

/**
 * The arguments a message uses, with their kind: `count:plural`, `name:argument`,
 * `status:select`, `when:function/date`. Two translations of one message must agree.
 */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`${token.arg}:argument`);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (
        token.type === 'plural' ||
        token.type === 'select' ||
        token.type === 'selectordinal'
      ) {
        found.add(`${token.arg}:${token.type}`);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message, { strict: true }));
  return [...found].sort();
}

describe('message catalogues', () => {
  for (const namespace of namespaces) {
    const english = readCatalogue('en', namespace);

    it(`${namespace}: every language has exactly the English keys`, () => {
      for (const language of languages) {
        expect(Object.keys(readCatalogue(language, namespace)).sort(), language).toEqual(
          Object.keys(english).sort(),
        );
      }
    });

    it(`${namespace}: every message parses and uses the same ICU arguments in every language`, () => {
      for (const [key, message] of Object.entries(english)) {
        const expected = argumentsOf(message);
        for (const language of languages) {
          const translated = readCatalogue(language, namespace)[key];
          if (translated === undefined) continue; // reported by the keys test
          expect(typeof translated, `${language} ${key}`).toBe('string');
          expect(translated.trim(), `${language} ${key} is empty`).not.toBe('');
          expect(argumentsOf(translated), `${language} ${namespace}.${key}`).toEqual(expected);
        }
      }
    });
  }

  it('tells a missing key and a changed argument apart (the checks above can fail)', () => {
    expect(argumentsOf('{count, plural, one {# ombi} other {# maombi}}')).toEqual(['count:plural']);
    expect(argumentsOf('Habari {name}')).not.toEqual(argumentsOf('Habari {jina}'));
    expect(() => argumentsOf('Habari {name')).toThrow();
  });
});
