// The commands of `npm run config` (its entry is config.ts), as a function that tests call in-process.
import { readFileSync, writeFileSync } from 'node:fs';
import { type ConfigChange, configDocumentSchema, safeParseForPeople } from '@panelwright/contract';

const USAGE = [
  'Usage: npm run config -- <export|plan|apply> <file> [--url <address>] [--user <name>] [--message <text>] [--confirm <names>]',
  '  export <file>  writes the live configuration to the file',
  '  plan <file>    prints what applying the file would add, change and remove; changes nothing',
  '  apply <file>   publishes the file as one new version, all or nothing',
  '--confirm Customer,Customer.Email  confirms deleting the stored values of these collections and fields',
  'The password of --user (default: admin) is read from PANELWRIGHT_PASSWORD.',
].join('\n');

class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

type Options = {
  command: string;
  file: string;
  url: string;
  user: string;
  message: string | undefined;
  /** Collections and fields whose loss of stored values is confirmed (docs/collections.md). */
  confirm: string[];
};

function parseArguments(argv: readonly string[], env: NodeJS.ProcessEnv): Options {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument.startsWith('--')) {
      const value = argv[index + 1];
      if (value === undefined) throw new CommandError(`${argument} needs a value.\n\n${USAGE}`, 2);
      flags.set(argument.slice(2), value);
      index++;
    } else positional.push(argument);
  }
  const [command, file] = positional;
  if (!command || !['export', 'plan', 'apply'].includes(command) || !file || positional.length > 2) {
    throw new CommandError(USAGE, 2);
  }
  const unknown = [...flags.keys()].filter((flag) => !['url', 'user', 'message', 'confirm'].includes(flag));
  if (unknown.length > 0) throw new CommandError(`Unknown option --${unknown[0]}.\n\n${USAGE}`, 2);
  return {
    command,
    file,
    url: (flags.get('url') ?? `http://127.0.0.1:${env.PORT ?? '12391'}`).replace(/\/+$/, ''),
    user: flags.get('user') ?? env.ADMIN_USERNAME ?? 'admin',
    message: flags.get('message'),
    confirm: (flags.get('confirm') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  };
}

/** A signed-in connection to the server. */
class Server {
  private token = '';

  constructor(private readonly url: string) {}

  async signIn(user: string, password: string): Promise<void> {
    const response = await this.request('/oauth2/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: user, password, app_name: 'config' }),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '') {
      const reason =
        typeof body.error_description === 'string' ? body.error_description : `HTTP ${response.status}`;
      const second =
        body.fa2_needverify || body.fa2_needenable
          ? ' (this account needs a second factor: use an account without one)'
          : '';
      throw new CommandError(`Could not sign in as ${user}: ${reason}${second}`, 1);
    }
    this.token = body.access_token;
  }

  async call<T>(name: string, body: unknown = {}): Promise<T> {
    const response = await this.request(`/api/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 400) throw new CommandError(String(answer.error_description ?? 'Refused.'), 2);
    if (!response.ok) {
      throw new CommandError(
        String(answer.error_description ?? answer.title ?? `HTTP ${response.status}`),
        1,
      );
    }
    if (answer.StatusCode !== 1) throw new CommandError(String(answer.Msg || 'The server refused.'), 1);
    return answer.Data as T;
  }

  private async request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.url}${path}`, init);
    } catch {
      throw new CommandError(
        `Could not reach the server at ${this.url}. Start it (npm start) or give its address with --url.`,
        1,
      );
    }
  }
}

const describeValue = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? '' : text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** One line per change: `+ screens.orders`, `~ screens.products.columns.Price.width: 110 → 140`. */
function planLines(changes: readonly ConfigChange[]): string[] {
  return changes.map((change) => {
    const path = change.path.join('.');
    if (change.op === 'add')
      return `+ ${path}${typeof change.after === 'object' ? '' : `: ${describeValue(change.after)}`}`;
    if (change.op === 'remove') return `- ${path}`;
    return `~ ${path}: ${describeValue(change.before)} → ${describeValue(change.after)}`;
  });
}

function readDocument(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new CommandError(`Cannot read ${file}.`, 2);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new CommandError(`${file} is not JSON: ${(error as Error).message}`, 2);
  }
  // The schema first, here: a file that fails it is refused before the server is asked anything.
  const parsed = safeParseForPeople(configDocumentSchema, document);
  if (!parsed.success) {
    const [first] = parsed.error.issues;
    const more = parsed.error.issues.length - 1;
    throw new CommandError(
      `${file} is not a valid configuration: ${first?.path.map(String).join('.') || '(the file)'}: ${first?.message}` +
        (more > 0 ? ` (and ${more} more)` : ''),
      2,
    );
  }
  return document;
}

/** Where a command writes what it tells: the terminal, or a test's lines. */
export type CommandOutput = { out(text: string): void; err(text: string): void };

async function run(argv: readonly string[], env: NodeJS.ProcessEnv, io: CommandOutput): Promise<void> {
  const options = parseArguments(argv, env);
  const document = options.command === 'export' ? null : readDocument(options.file);
  const password = env.PANELWRIGHT_PASSWORD;
  if (!password) throw new CommandError('Set PANELWRIGHT_PASSWORD to the password of --user.', 2);
  const server = new Server(options.url);
  await server.signIn(options.user, password);
  if (options.command === 'export') {
    const exported = await server.call<Record<string, unknown>>('Configuration/Export');
    writeFileSync(
      options.file,
      `${JSON.stringify({ $schema: `${options.url}/api/config.schema.json`, ...exported }, null, 2)}\n`,
    );
    io.out(`Wrote the live configuration to ${options.file}.\n`);
    return;
  }
  const plan = await server.call<{ Version: number; Changes: ConfigChange[] }>('Configuration/Plan', {
    Document: document,
  });
  if (options.command === 'plan') {
    const lines = planLines(plan.Changes);
    io.out(
      lines.length === 0
        ? `No changes: ${options.file} is the live configuration (version ${plan.Version}).\n`
        : `Applying ${options.file} to version ${plan.Version} would make ${lines.length} change${lines.length === 1 ? '' : 's'}:\n${lines.join('\n')}\n`,
    );
    return;
  }
  if (plan.Changes.length === 0) {
    io.out(`No changes: ${options.file} is the live configuration (version ${plan.Version}).\n`);
    return;
  }
  const version = await server.call<{ Id: number; ChangeCount: number }>('Configuration/Apply', {
    Document: document,
    Message: options.message ?? `Applied ${options.file}`,
    ...(options.confirm.length > 0 ? { Confirm: options.confirm } : {}),
  });
  io.out(`Published version ${version.Id} with ${version.ChangeCount} changes.\n`);
}

/**
 * Runs one command (`export|plan|apply <file>` and its options) and answers its exit code: 0 done,
 * 1 the server refused or could not be reached, 2 a wrong command or a file that fails the schema.
 */
export async function runConfigCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CommandOutput,
): Promise<number> {
  try {
    await run(argv, env, io);
    return 0;
  } catch (error) {
    io.err(`${(error as Error).message}\n`);
    return error instanceof CommandError ? error.exitCode : 1;
  }
}
