// One API test case against its environment: the request (with the environment's headers and its
// variables and secrets put in for `{{name}}`), the expected status and the JSON assertions. The
// outbound fence: only an administrator sets an environment's address, only http and https are
// fetched, redirects are not followed, at most 64 KiB of an answer is read, within 10 s.

/** A test case answers within this long, or fails. */
export const TEST_RUN_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** The part of an answer kept with a result. */
export const EXCERPT_CHARS = 300;

export type NamedValue = { Name: string; Value: string };

/** The comparisons of an assertion line. */
const OPERATORS = ['==', '!=', '>=', '<=', '>', '<', 'contains', 'exists', 'missing'] as const;
type Operator = (typeof OPERATORS)[number];

export type Assertion = { path: string; op: Operator; expected?: unknown; line: string };

const ASSERTION = /^(\$(?:[.[][^\s]*)?)\s+(==|!=|>=|<=|>|<|contains|exists|missing)(?:\s+(.+))?$/;

/**
 * Reads the assertions of a test case, one a line: `$.status == "ok"`, `$.items.length > 0`,
 * `$.user.id exists`, `$.name contains "Ada"`. A value is JSON (a bare word is text). Returns the
 * problem of the first line that is not one.
 */
export function parseAssertions(text: string): { assertions: Assertion[] } | { problem: string } {
  const assertions: Assertion[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = ASSERTION.exec(line);
    if (!match) {
      return {
        problem: `Assertion line ${index + 1}: write it as "$.path == value" (==, !=, >, <, >=, <=, contains, exists, missing).`,
      };
    }
    const [, path = '$', op, value] = match;
    const needsValue = op !== 'exists' && op !== 'missing';
    if (needsValue !== (value !== undefined)) {
      return {
        problem: needsValue
          ? `Assertion line ${index + 1}: "${op}" needs a value to compare with.`
          : `Assertion line ${index + 1}: "${op}" takes no value.`,
      };
    }
    let expected: unknown = value;
    if (value !== undefined) {
      try {
        expected = JSON.parse(value);
      } catch {
        expected = value;
      }
    }
    assertions.push({ path, op: op as Operator, expected, line });
  }
  return { assertions };
}

/** The value at `$.a.b[0].c` (and `.length` of a list or text), or undefined. */
export function valueAt(data: unknown, path: string): unknown {
  const steps = path
    .slice(1)
    .split(/\.|\[(\d+)\]/)
    .filter((step) => step !== undefined && step !== '');
  let current: unknown = data;
  for (const step of steps) {
    if (current === null || current === undefined) return undefined;
    if (step === 'length' && (Array.isArray(current) || typeof current === 'string')) {
      current = current.length;
      continue;
    }
    if (typeof current !== 'object') return undefined;
    current = Object.hasOwn(current, step) ? (current as Record<string, unknown>)[step] : undefined;
  }
  return current;
}

/** Whether the answer holds the assertion; the failure in words otherwise. */
export function checkAssertion(data: unknown, assertion: Assertion): string | null {
  const actual = valueAt(data, assertion.path);
  const expected = assertion.expected;
  const same = JSON.stringify(actual) === JSON.stringify(expected);
  let holds: boolean;
  switch (assertion.op) {
    case 'exists':
      holds = actual !== undefined;
      break;
    case 'missing':
      holds = actual === undefined;
      break;
    case '==':
      holds = same;
      break;
    case '!=':
      holds = !same;
      break;
    case 'contains':
      holds =
        typeof actual === 'string'
          ? actual.includes(String(expected))
          : Array.isArray(actual) && actual.some((item) => JSON.stringify(item) === JSON.stringify(expected));
      break;
    default: {
      const [a, b] = [Number(actual), Number(expected)];
      if (typeof actual !== 'number' || Number.isNaN(b)) holds = false;
      else if (assertion.op === '>') holds = a > b;
      else if (assertion.op === '<') holds = a < b;
      else if (assertion.op === '>=') holds = a >= b;
      else holds = a <= b;
    }
  }
  if (holds) return null;
  return `${assertion.line} (got ${actual === undefined ? 'nothing' : JSON.stringify(actual)})`;
}

/** Puts the values in for `{{name}}`; an unknown name stays as it is written. */
export function fillIn(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) => values.get(name) ?? whole);
}

export type CaseToRun = {
  id: number;
  name: string;
  method: string;
  path: string;
  requestBody: string;
  expectedStatus: number;
  assertions: string;
};

export type EnvironmentToRun = {
  baseUrl: string;
  headers: NamedValue[];
  /** Variables and opened secrets together. */
  values: ReadonlyMap<string, string>;
  /** Secret values: never kept in an excerpt. */
  secretValues: readonly string[];
};

/** What one case's run gave. */
export type CaseResult = {
  CaseId: number;
  Name: string;
  Method: string;
  Path: string;
  Url: string;
  Status: number | null;
  Expected: number;
  Passed: boolean;
  Ms: number;
  Excerpt: string;
  /** Why it failed, in words; empty when it passed. */
  Problem: string;
};

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let read = 0;
  while (read < MAX_ANSWER_BYTES) {
    const chunk = await reader.read();
    if (chunk.done) break;
    chunks.push(chunk.value);
    read += chunk.value.byteLength;
  }
  if (read >= MAX_ANSWER_BYTES) await reader.cancel();
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES));
}

function hideSecrets(text: string, secrets: readonly string[]): string {
  let shown = text;
  for (const secret of secrets) if (secret.length >= 3) shown = shown.split(secret).join('••••');
  return shown;
}

/** The address a case calls; a refusal in words when it is not an http or https one. */
export function caseUrl(testCase: CaseToRun, environment: EnvironmentToRun): URL | string {
  let url: URL;
  let base: URL;
  try {
    base = new URL(environment.baseUrl.replace(/\/*$/, '/'));
    url = new URL(fillIn(testCase.path, environment.values), base);
  } catch {
    return 'The address of this test case is not valid.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only http and https addresses can be tested.';
  // A path such as //elsewhere/ would leave the address the administrator set.
  if (url.origin !== base.origin) return 'The path of a test case must stay on its environment’s address.';
  return url;
}

/** Runs one case: never throws, whatever the address answers. */
export async function runCase(testCase: CaseToRun, environment: EnvironmentToRun): Promise<CaseResult> {
  const base = {
    CaseId: testCase.id,
    Name: testCase.name,
    Method: testCase.method,
    Path: testCase.path,
    Expected: testCase.expectedStatus,
  };
  const url = caseUrl(testCase, environment);
  if (typeof url === 'string')
    return { ...base, Url: '', Status: null, Passed: false, Ms: 0, Excerpt: '', Problem: url };
  const parsed = parseAssertions(testCase.assertions);
  if ('problem' in parsed)
    return {
      ...base,
      Url: hideSecrets(url.toString(), environment.secretValues),
      Status: null,
      Passed: false,
      Ms: 0,
      Excerpt: '',
      Problem: parsed.problem,
    };

  const headers = new Headers();
  for (const header of environment.headers) {
    try {
      headers.set(header.Name, fillIn(header.Value, environment.values));
    } catch {
      // A header the fetch refuses is left out; the answer shows what that changed.
    }
  }
  const body = fillIn(testCase.requestBody, environment.values);
  const hasBody = testCase.method !== 'GET' && body.trim() !== '';
  if (hasBody && !headers.has('content-type')) headers.set('content-type', 'application/json');

  const started = performance.now();
  let status: number | null = null;
  let text = '';
  let problem = '';
  try {
    const response = await fetch(url, {
      method: testCase.method,
      headers,
      ...(hasBody ? { body } : {}),
      // The answer of the address itself is tested; it must not send the server elsewhere.
      redirect: 'manual',
      signal: AbortSignal.timeout(TEST_RUN_TIMEOUT_MS),
    });
    status = response.status;
    text = await readCapped(response);
  } catch (error) {
    problem =
      (error as Error).name === 'TimeoutError' ? 'no answer within 10 s' : 'the address did not answer';
  }
  const ms = Math.round(performance.now() - started);
  if (status !== null && status !== testCase.expectedStatus)
    problem = `expected ${testCase.expectedStatus}, got ${status}`;
  if (status !== null && !problem && parsed.assertions.length > 0) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      problem = 'the answer is not JSON, so its assertions cannot hold';
    }
    if (!problem) {
      const failed = parsed.assertions.map((a) => checkAssertion(data, a)).filter((f) => f !== null);
      if (failed.length > 0) problem = `assertion failed: ${failed.join('; ')}`;
    }
  }
  return {
    ...base,
    Url: hideSecrets(url.toString(), environment.secretValues),
    Status: status,
    Passed: problem === '',
    Ms: ms,
    Excerpt: hideSecrets(text, environment.secretValues).slice(0, EXCERPT_CHARS),
    Problem: problem,
  };
}
