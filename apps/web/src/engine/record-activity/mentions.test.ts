import { describe, expect, it } from 'vitest';
import { commentParts, insertMention, mentionAt } from './mentions';

describe('mentionAt', () => {
  it('finds the mention the caret is in', () => {
    expect(mentionAt('hello @ann', 10)).toEqual({ start: 6, query: 'ann' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('(@bo', 4)).toEqual({ start: 1, query: 'bo' });
    expect(mentionAt('hi @trần', 8)).toEqual({ start: 3, query: 'trần' });
  });
  it('is none outside a mention, after a space, or in an e-mail address', () => {
    expect(mentionAt('hello ann', 9)).toBeNull();
    expect(mentionAt('hello @ann ', 11)).toBeNull();
    expect(mentionAt('mail me at ann@example.com', 26)).toBeNull();
  });
});

describe('insertMention', () => {
  it('replaces what was typed with the user name and a space, and puts the caret after it', () => {
    expect(insertMention('hi @an', 3, 6, 'anna')).toEqual({ text: 'hi @anna ', caret: 9 });
    expect(insertMention('hi @an there', 3, 6, 'anna')).toEqual({ text: 'hi @anna there', caret: 9 });
    expect(insertMention('hi @anxx, ok', 3, 6, 'anna')).toEqual({ text: 'hi @anna , ok', caret: 9 });
  });
});

describe('commentParts', () => {
  it('marks the mentions of mentioned users only', () => {
    expect(commentParts('@ann and @bob, see mail@x.com.', ['ann'])).toEqual([
      { text: '@ann', mention: true },
      { text: ' and @bob, see mail@x.com.', mention: false },
    ]);
    expect(commentParts('Ask @Ann.', ['ann'])).toEqual([
      { text: 'Ask ', mention: false },
      { text: '@Ann', mention: true },
      { text: '.', mention: false },
    ]);
  });
});
