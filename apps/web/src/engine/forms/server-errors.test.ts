import { describe, expect, it } from 'vitest';
import { fieldMessage, readServerFieldErrors } from './server-errors';

describe('server field errors', () => {
  const fields = ['Price', 'Name', 'Reason'];

  it('puts each part of a 400 description on the field it names', () => {
    expect(readServerFieldErrors('Price: must be at least 0', fields)).toEqual({
      fields: { Price: 'must be at least 0' },
      general: [],
    });
    expect(
      readServerFieldErrors(
        'DataForm.Name: is required; price: must be a number; body: bad; Other: x',
        fields,
      ),
    ).toEqual({
      fields: { Name: 'is required', Price: 'must be a number' },
      general: ['body: bad', 'Other: x'],
    });
  });

  it('keeps text naming no field general, and joins two rules of one field', () => {
    expect(readServerFieldErrors('Something went wrong', fields).general).toEqual(['Something went wrong']);
    expect(readServerFieldErrors('Price: a; Price: b', fields).fields).toEqual({ Price: 'a; b' });
  });
});

describe('field messages', () => {
  it('puts a server rule after the label, as a sentence', () => {
    expect(fieldMessage('Unit price', 'must be at least 0')).toBe('Unit price must be at least 0.');
    expect(fieldMessage('Email', 'is required')).toBe('Email is required.');
    expect(fieldMessage('Email', 'Please enter a valid e-mail address.')).toBe(
      'Please enter a valid e-mail address.',
    );
  });
});
