import {
  type ConfigDocument,
  type ConfigMenuEntry,
  configDocumentSchema,
  type ResourceColumnInfo,
  safeParseForPeople,
} from '@panelwright/contract';
import { badRequest } from '../../lib/errors';
import { COLUMN_TYPES } from '../resources/column-types';
import { configuredDeclaration } from '../resources/overlay';
import type { ResourceRegistry } from '../resources/registry';

/** One reason a configuration is refused: where (`screens.products.columns.Price.more.button.color`) and why. */
export type ConfigIssue = { Path: string; Message: string };

/** An issue with its path as the document's keys (a text's key may itself hold dots). */
type LocatedIssue = ConfigIssue & { at: readonly string[] };

const located = (path: readonly PropertyKey[], message: string): LocatedIssue => ({
  Path: pathText(path),
  Message: message,
  at: path.map(String),
});

const withoutLocation = ({ at: _, ...issue }: LocatedIssue): ConfigIssue => issue;

const pathText = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** How many issues a refusal's description names (the studio asks for them all). */
const DESCRIBED_ISSUES = 5;

/**
 * Checks configurations: the contract's schema (shapes, UI types, column options), then what only
 * the server knows (the declared resources' columns, screens that name each other, unique codes).
 */
export class ConfigValidator {
  constructor(private readonly registry: ResourceRegistry) {}

  private moreChecks: (document: ConfigDocument) => { path: (string | number)[]; message: string }[] =
    () => [];

  /** Rules of other modules over the whole document (the collections'); set once, when the app is built. */
  useChecks(checks: (document: ConfigDocument) => { path: (string | number)[]; message: string }[]): void {
    this.moreChecks = checks;
  }

  /**
   * The declared columns of a resource, with what a screen's configuration may change of each (the
   * same rules `configuredDeclaration` applies); null for an API name that is no resource.
   */
  resourceColumns(apiName: string): ResourceColumnInfo[] | null {
    const resource = this.registry.get(apiName);
    if (!resource) return null;
    return resource.declaration.columns.map((column) => {
      const kind = COLUMN_TYPES[column.type];
      return {
        Field: column.field,
        Header: column.header,
        Width: column.width ?? null,
        Hidden: column.hidden === true,
        Type: column.type,
        Filter: column.filter ?? null,
        Editable: column.editable === true,
        More: (column.more as Record<string, unknown> | undefined) ?? null,
        Types: Object.entries(COLUMN_TYPES)
          .filter(([, other]) => other.family === kind.family)
          .map(([name]) => name),
        Filters: [...kind.filters],
        CanEdit: kind.stored && column.type !== 'readonly' && column.column !== undefined,
      };
    });
  }

  /** Every issue of a document: the parsed document when there are none. */
  check(input: unknown): { document: ConfigDocument | null; issues: ConfigIssue[] } {
    const { document, issues } = this.locate(input);
    return { document, issues: issues.map(withoutLocation) };
  }

  private locate(input: unknown): { document: ConfigDocument | null; issues: LocatedIssue[] } {
    const parsed = safeParseForPeople(configDocumentSchema, input);
    if (!parsed.success) {
      return {
        document: null,
        issues: parsed.error.issues.map((issue) => located(issue.path, issue.message)),
      };
    }
    const issues = this.crossChecks(parsed.data);
    return { document: issues.length === 0 ? parsed.data : null, issues };
  }

  /**
   * The document, or the 400 naming its issues (the first ones, path and reason each). With `within`,
   * only issues of those items count: a publish answers for what it changes, not for an older item
   * that a later rule of the schema would refuse.
   */
  require(input: unknown, within?: (path: readonly string[]) => boolean): ConfigDocument {
    const { document, issues } = this.locate(input);
    const counted = within ? issues.filter((issue) => within(issue.at)) : issues;
    if (counted.length > 0) throw badRequest(describe(counted));
    return (document ?? input) as ConfigDocument;
  }

  private crossChecks(document: ConfigDocument): LocatedIssue[] {
    const issues: LocatedIssue[] = [];
    const add = (path: readonly PropertyKey[], message: string) => issues.push(located(path, message));
    const addresses = new Map<string, string>();
    for (const [code, screen] of Object.entries(document.screens)) {
      const at = ['screens', code];
      if (screen.parent !== null) {
        if (!document.screens[screen.parent]) add([...at, 'parent'], `${screen.parent} is not a screen`);
        else if (partOfItself(document, code)) add([...at, 'parent'], 'makes the screen a part of itself');
      }
      if (screen.uiUrl && screen.parent === null) {
        const other = addresses.get(screen.uiUrl);
        if (other) {
          // Named on both: whichever of the two a publish changes answers for it.
          add([...at, 'uiUrl'], `is the address of ${other} already`);
          add(['screens', other, 'uiUrl'], `is the address of ${code} too`);
        } else addresses.set(screen.uiUrl, code);
      }
      const configured = Object.keys(screen.columns).length > 0 || screen.columnOrder.length > 0;
      if (!configured) continue;
      const resource = this.registry.get(screen.apiName);
      if (!resource) {
        add(
          [...at, 'columns'],
          `can only be set on a screen of a resource (${screen.apiName || 'no API name'} is none)`,
        );
        continue;
      }
      const { problems } = configuredDeclaration(resource.declaration, {
        columns: screen.columns,
        order: screen.columnOrder,
      });
      for (const problem of problems) add([...at, ...problem.path], problem.message);
    }
    for (const kind of ['side', 'app'] as const) {
      const seen = new Set<string>();
      const walk = (entries: readonly ConfigMenuEntry[], path: PropertyKey[]) => {
        for (const [index, entry] of entries.entries()) {
          if (seen.has(entry.code))
            add([...path, index, 'code'], `${entry.code} is used by another entry of this menu`);
          seen.add(entry.code);
          walk(entry.children, [...path, index, 'children']);
        }
      };
      walk(document.menus[kind], ['menus', kind]);
    }
    for (const issue of this.moreChecks(document)) add(issue.path, issue.message);
    if (!Object.values(document.roles).some((role) => role.isAdmin)) {
      add(['roles'], 'must keep at least one administrator role');
    }
    return issues;
  }
}

function partOfItself(document: ConfigDocument, code: string): boolean {
  const seen = new Set<string>([code]);
  let parent = document.screens[code]?.parent ?? null;
  while (parent !== null) {
    if (seen.has(parent)) return true;
    seen.add(parent);
    parent = document.screens[parent]?.parent ?? null;
  }
  return false;
}

/** The description of a refusal: `path: reason` of the first issues, joined by '; '. */
export function describe(issues: readonly ConfigIssue[]): string {
  const named = issues.slice(0, DESCRIBED_ISSUES).map((issue) => `${issue.Path}: ${issue.Message}`);
  const more = issues.length - DESCRIBED_ISSUES;
  return more > 0 ? `${named.join('; ')}; and ${more} more` : named.join('; ');
}
