import { describe, expect, it } from 'vitest';
import { headerFitWidth } from './header-width';

const byLetters = (word: string) => word.length * 8;

describe('headerFitWidth', () => {
  it('fits the widest word and what surrounds the text', () => {
    expect(headerFitWidth('Administrator', byLetters, 28)).toBe(13 * 8 + 28);
    expect(headerFitWidth('Is   the  Administrator locked', byLetters, 8)).toBe(13 * 8 + 8);
  });

  it('asks nothing of a header with no text', () => {
    expect(headerFitWidth('', byLetters, 28)).toBe(0);
    expect(headerFitWidth('   ', byLetters, 28)).toBe(0);
  });
});
