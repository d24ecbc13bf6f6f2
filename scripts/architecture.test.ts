// The house rules of architecture.md that a machine can check: import directions and boundaries.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');
const WEB = join(ROOT, 'apps', 'web', 'src');
const SERVER = join(ROOT, 'apps', 'server', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** Every import specifier of a file, with whether it is type-only. */
function importsOf(file: string): { spec: string; typeOnly: boolean; resolved: string | null }[] {
  const text = readFileSync(file, 'utf8');
  const found: { spec: string; typeOnly: boolean; resolved: string | null }[] = [];
  const pattern =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const spec = match[3] ?? match[4] ?? '';
    const resolved = spec.startsWith('.') ? resolve(file, '..', spec) : null;
    found.push({ spec, typeOnly: Boolean(match[2]), resolved });
  }
  return found;
}

const area = (path: string, base: string) => relative(base, path).split(sep);

describe('web import boundaries', () => {
  const files = sourceFiles(WEB).filter((f) => !/\.test\.tsx?$/.test(f));

  it('features do not import each other', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const [top, feature] = area(file, WEB);
      if (top !== 'features') continue;
      for (const { spec, resolved } of importsOf(file)) {
        if (!resolved) continue;
        const [targetTop, targetFeature] = area(resolved, WEB);
        if (targetTop === 'features' && targetFeature !== feature)
          offenders.push(`${relative(ROOT, file)} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('imports flow one way: nothing below imports app, features or renderers', () => {
    const order = ['engine', 'api', 'state', 'components', 'cells', 'renderers', 'features', 'app'];
    const rank = (top: string) => order.indexOf(top);
    const offenders: string[] = [];
    for (const file of files) {
      const [top] = area(file, WEB);
      if (!top || rank(top) < 0) continue;
      for (const { spec, resolved } of importsOf(file)) {
        if (!resolved) continue;
        const [targetTop] = area(resolved, WEB);
        if (
          targetTop &&
          rank(targetTop) > rank(top) &&
          ['app', 'features', 'renderers'].includes(targetTop)
        ) {
          offenders.push(`${relative(ROOT, file)} → ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the engine is framework-free', () => {
    const offenders = files
      .filter((f) => area(f, WEB)[0] === 'engine')
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /^(react|react-dom|react-router)/.test(i.spec))
          .map((i) => `${relative(ROOT, f)} → ${i.spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('takes only types from the contract root, so zod stays out of the bundle', () => {
    const offenders = files.flatMap((f) =>
      importsOf(f)
        .filter((i) => i.spec === '@panelwright/contract' && !i.typeOnly)
        .map(() => relative(ROOT, f)),
    );
    expect(offenders).toEqual([]);
  });
});

describe('server boundaries', () => {
  const files = sourceFiles(SERVER).filter((f) => !/\.test\.ts$/.test(f));

  it('routes stay thin: no database access in routes.ts', () => {
    const offenders = files
      .filter((f) => f.endsWith(`${sep}routes.ts`))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => i.spec === 'drizzle-orm' || i.spec.includes('/db/'))
          .map((i) => `${relative(ROOT, f)} → ${i.spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('modules do not import the routes of other modules', () => {
    const offenders: string[] = [];
    for (const file of files) {
      const [top, module] = area(file, SERVER);
      if (top !== 'modules') continue;
      for (const { spec, resolved } of importsOf(file)) {
        if (!resolved) continue;
        const [targetTop, targetModule, targetFile] = area(resolved, SERVER);
        if (targetTop === 'modules' && targetModule !== module && targetFile === 'routes') {
          offenders.push(`${relative(ROOT, file)} → ${spec}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
  it('layers run one way: lib and db import nothing from plugins, modules or the seed; modules not the seed', () => {
    // lib's and db's tests too (a test that needs a module belongs with it); a module's integration
    // test may seed its database.
    const above: Record<string, { targets: readonly string[]; tests: boolean }> = {
      lib: { targets: ['plugins', 'modules', 'seed'], tests: true },
      db: { targets: ['plugins', 'modules', 'seed'], tests: true },
      modules: { targets: ['seed'], tests: false },
    };
    const offenders: string[] = [];
    for (const file of sourceFiles(SERVER)) {
      const [top] = area(file, SERVER);
      const rule = top ? above[top] : undefined;
      if (!rule || (!rule.tests && /\.test\.ts$/.test(file))) continue;
      const forbidden = rule.targets;
      if (!forbidden) continue;
      for (const { spec, resolved } of importsOf(file)) {
        if (!resolved) continue;
        const [targetTop] = area(resolved, SERVER);
        if (targetTop && forbidden.includes(targetTop)) offenders.push(`${relative(ROOT, file)} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
