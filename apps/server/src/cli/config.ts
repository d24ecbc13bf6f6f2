// `npm run config -- export <file> | plan <file> | apply <file> [--url <address>] [--user <name>]
// [--message <text>]`: the configuration as a file (docs/configuration.md). The commands talk to the
// running server, signed in as an administrator whose password is in PANELWRIGHT_PASSWORD.
// Exit codes: 0 done; 1 the server refused or could not be reached; 2 a wrong command or a file that
// fails the schema (nothing changed).
import { runConfigCommand } from './config-command';

const code = await runConfigCommand(process.argv.slice(2), process.env, {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exit(code);
