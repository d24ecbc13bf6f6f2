import { describe, expect, it } from 'vitest';
import { caseUrl, checkAssertion, fillIn, parseAssertions, valueAt } from './api-runner';

const assertionsOf = (text: string) => {
  const parsed = parseAssertions(text);
  if ('problem' in parsed) throw new Error(parsed.problem);
  return parsed.assertions;
};
const failures = (data: unknown, text: string) =>
  assertionsOf(text)
    .map((a) => checkAssertion(data, a))
    .filter((f) => f !== null);

describe('JSON assertions', () => {
  const answer = { status: 'ok', items: [{ id: 1 }, { id: 2 }], user: { name: 'Ada Lovelace' }, count: 3 };

  it('read one a line, skipping blank and # lines, values as JSON or words', () => {
    expect(assertionsOf('$.status == "ok"\n\n# a note\n$.count >= 3\n$.user exists')).toMatchObject([
      { path: '$.status', op: '==', expected: 'ok' },
      { path: '$.count', op: '>=', expected: 3 },
      { path: '$.user', op: 'exists' },
    ]);
    expect(assertionsOf('$.status == ok')[0]?.expected).toBe('ok');
  });

  it('refuse a line that is not one, naming it', () => {
    expect(parseAssertions('$.a == 1\nstatus is ok')).toEqual({
      problem: expect.stringMatching(/^Assertion line 2: /),
    });
    expect(parseAssertions('$.a ==')).toEqual({ problem: expect.stringMatching(/needs a value/) });
    expect(parseAssertions('$.a exists 3')).toEqual({ problem: expect.stringMatching(/takes no value/) });
  });

  it('hold or fail on the answer, saying what was found', () => {
    expect(
      failures(
        answer,
        '$.status == "ok"\n$.items.length == 2\n$.items[1].id == 2\n$.user.name contains "Ada"\n$.count > 2\n$.nothing missing\n$.status != "down"',
      ),
    ).toEqual([]);
    expect(failures(answer, '$.status == "down"')).toEqual(['$.status == "down" (got "ok")']);
    expect(failures(answer, '$.nothing exists')).toEqual(['$.nothing exists (got nothing)']);
    expect(failures(answer, '$.status > 1')).toHaveLength(1);
    expect(failures(answer, '$.items contains {"id":2}')).toEqual([]);
  });

  it('read paths without reaching into prototypes', () => {
    expect(valueAt(answer, '$')).toBe(answer);
    expect(valueAt(answer, '$.constructor')).toBeUndefined();
    expect(valueAt(answer, '$.items[5].id')).toBeUndefined();
  });
});

describe('a case address', () => {
  const environment = (baseUrl: string) => ({
    baseUrl,
    headers: [],
    values: new Map([['id', '42']]),
    secretValues: [],
  });
  const testCase = (path: string) => ({
    id: 1,
    name: 'n',
    method: 'GET',
    path,
    requestBody: '',
    expectedStatus: 200,
    assertions: '',
  });

  it('puts variables in and stays on the environment address', () => {
    expect(String(caseUrl(testCase('/users/{{id}}'), environment('http://127.0.0.1:3000')))).toBe(
      'http://127.0.0.1:3000/users/42',
    );
    expect(fillIn('{{ id }} {{unknown}}', new Map([['id', '7']]))).toBe('7 {{unknown}}');
  });

  it('refuses a path that leaves the address, and addresses other than http and https', () => {
    expect(caseUrl(testCase('//elsewhere.example/x'), environment('http://127.0.0.1:3000'))).toMatch(
      /must stay on its environment/,
    );
    expect(caseUrl(testCase('/x'), environment('file:///etc'))).toMatch(/Only http and https/);
  });
});
