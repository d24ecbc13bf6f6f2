import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { forgotPasswordRequestSchema, registerRequestSchema } from './auth';
import { describeIssues, humanIssueMessage } from './issues';

const describe_ = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { error: humanIssueMessage });
  if (parsed.success) throw new Error('expected a failure');
  return describeIssues(parsed.error);
};

describe('validation messages for people', () => {
  it('names the field and the rule in words, never zod text', () => {
    expect(describe_(forgotPasswordRequestSchema, { Email: '' })).toBe('Email: is required');
    expect(describe_(forgotPasswordRequestSchema, {})).toBe('Email: is required');
    expect(describe_(forgotPasswordRequestSchema, { Email: 5 })).toBe('Email: must be text');
    expect(describe_(forgotPasswordRequestSchema, { Email: 'x'.repeat(321) })).toBe(
      'Email: must be at most 320 characters',
    );
    expect(describe_(registerRequestSchema, { UserName: '', Password: 'a', ConfirmPassword: 'a' })).toBe(
      'UserName: is required',
    );
  });

  it('words every kind of rule', () => {
    const schema = z
      .object({
        Name: z.string().min(3),
        Count: z.number().int().min(1).max(10),
        Mail: z.string().email(),
        Kind: z.enum(['a', 'b']),
        Ids: z.array(z.number()).min(1).max(2),
        Step: z.number().multipleOf(5),
        Flag: z.boolean(),
      })
      .strict();
    const text = describe_(schema, {
      Name: 'ab',
      Count: 1.5,
      Mail: 'no',
      Kind: 'c',
      Ids: [],
      Step: 7,
      Flag: 'yes',
      Extra: 1,
    });
    expect(text.split('; ')).toEqual([
      'Name: must be at least 3 characters',
      'Count: must be a whole number',
      'Mail: must be an e-mail address',
      'Kind: must be one of a, b',
      'Ids: must not be empty',
    ]);
    expect(describe_(z.object({ Count: z.number().max(10) }), { Count: 11 })).toBe(
      'Count: must be at most 10',
    );
    expect(describe_(z.object({ Step: z.number().multipleOf(5) }), { Step: 7 })).toBe(
      'Step: must be a multiple of 5',
    );
    expect(describe_(z.object({ Flag: z.boolean() }), { Flag: 'yes' })).toBe('Flag: must be true or false');
    expect(describe_(z.object({}).strict(), { Extra: 1 })).toBe('body: has unknown field: Extra');
  });

  it("keeps a schema's own message", () => {
    expect(describe_(z.object({ Name: z.string().min(1, 'is needed here') }), { Name: '' })).toBe(
      'Name: is needed here',
    );
  });
});
