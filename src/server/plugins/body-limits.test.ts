import { describe, expect, it } from 'vitest';
import { isNestedDeeperThan } from './body-limits';

describe('JSON nesting scan', () => {
  it('counts [ and { outside strings only', () => {
    expect(isNestedDeeperThan('[[[]]]', 3)).toBe(false);
    expect(isNestedDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(isNestedDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(isNestedDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(isNestedDeeperThan(`{"text":"${'['.repeat(100)}"}`, 1)).toBe(false);
  });

  it('is not fooled by escaped quotes inside strings', () => {
    expect(isNestedDeeperThan(`["a\\"[[[[", "\\\\"]`, 1)).toBe(false);
    expect(isNestedDeeperThan(`["\\\\", [[]]]`, 2)).toBe(true);
  });

  it('counts siblings at their own depth, not the running total', () => {
    expect(isNestedDeeperThan('[' + '[],'.repeat(1000) + '[]]', 2)).toBe(false);
  });
});
