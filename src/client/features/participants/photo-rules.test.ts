import { describe, expect, it } from 'vitest';
import { photoProblem } from './photo-rules';

const MB = 1024 * 1024;

describe('photoProblem (spec section 5)', () => {
  it('takes JPG, JPEG and PNG up to 2 MB', () => {
    expect(photoProblem({ type: 'image/png', name: 'me.png', size: 2 * MB })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', name: 'me.jpeg', size: 10 })).toBeNull();
    // No type from the browser: the name decides.
    expect(photoProblem({ type: '', name: 'ME.JPG', size: 10 })).toBeNull();
  });

  it('refuses other types with the spec messages', () => {
    for (const file of [
      { type: 'image/gif', name: 'a.gif', size: 10 },
      { type: 'image/webp', name: 'a.png', size: 10 },
      { type: '', name: 'a.heic', size: 10 },
    ]) {
      expect(photoProblem(file)).toEqual({
        kind: 'type',
        description: 'Please upload a JPG or PNG image',
      });
    }
  });

  it('refuses more than 2 MB', () => {
    expect(photoProblem({ type: 'image/png', name: 'big.png', size: 2 * MB + 1 })).toEqual({
      kind: 'size',
      description: 'Please upload an image smaller than 2MB',
    });
  });
});
