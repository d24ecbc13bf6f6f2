// `npm run bench:reliability`: the suites that prove issue 14's guarantees, each printing its figures.
// RELIABILITY_SUITES picks some (crash,outage,freeze,load,fuzz,scale-out); all run by default. Long: the load
// suite alone holds LOAD_MINUTES (10). Figures only; a suite that breaks a guarantee says FAILED.
import { crashSuite } from './crash';
import { freezeSuite } from './freeze';
import { fuzzSuite } from './fuzz';
import { loadSuite } from './load';
import { outageSuite } from './outage';
import { scaleOutSuite } from './scale-out';

const SUITES: Record<string, () => Promise<boolean>> = {
  crash: crashSuite,
  outage: outageSuite,
  freeze: freezeSuite,
  'scale-out': scaleOutSuite,
  fuzz: fuzzSuite,
  load: loadSuite,
};

const chosen = (process.env.RELIABILITY_SUITES ?? Object.keys(SUITES).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const results: [string, boolean][] = [];
for (const name of chosen) {
  const suite = SUITES[name];
  if (!suite) {
    console.log(`Unknown suite ${name}; known: ${Object.keys(SUITES).join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  results.push([name, await suite()]);
}
console.log('\nSummary');
for (const [name, ok] of results) console.log(`  ${ok ? 'held  ' : 'FAILED'} ${name}`);
process.exit(results.every(([, ok]) => ok) ? (process.exitCode ?? 0) : 1);
