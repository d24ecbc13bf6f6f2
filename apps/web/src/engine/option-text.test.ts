import { describe, expect, it } from 'vitest';
import { optionText, valueOptionText } from './option-text';

const VIETNAMESE: Record<string, string> = { Office: 'Văn phòng', Draft: 'Bản nháp' };
const say = (text: string) => VIETNAMESE[text] ?? text;

describe('the text of an option', () => {
  it('says words of the UI in the reader’s language, and shows data the server marks Verbatim as written', () => {
    expect(optionText({ Value: 'draft', Text: 'Draft' }, say)).toBe('Bản nháp');
    // A category named like a UI word is still a category's name.
    expect(optionText({ Value: 3, Text: 'Office', Verbatim: true }, say)).toBe('Office');
  });

  it('names a value by its option, and a value no option holds by itself, never translated', () => {
    const options = [
      { Value: 3, Text: 'Office', Verbatim: true },
      { Value: 'draft', Text: 'Draft' },
    ];
    expect(valueOptionText(options, '3', say)).toBe('Office');
    expect(valueOptionText(options, 'draft', say)).toBe('Bản nháp');
    expect(valueOptionText(options, 'Office', say)).toBe('Office');
    expect(valueOptionText(undefined, 7, say)).toBe('7');
  });
});
