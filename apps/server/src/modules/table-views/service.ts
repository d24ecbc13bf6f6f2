import type { TableView, TableViewColumn } from '@panelwright/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { screens, userTableViews } from '../../db/schema';
import { BusinessError } from '../../lib/errors';

/** The columns of a stored view that are well formed, each field once. */
function cleanColumns(value: unknown): TableViewColumn[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const columns: TableViewColumn[] = [];
  for (const item of value) {
    if (typeof item !== 'object' || item === null) continue;
    const { Field, Visible } = item as Record<string, unknown>;
    if (typeof Field !== 'string' || seen.has(Field)) continue;
    seen.add(Field);
    columns.push({ Field, Visible: Visible !== false });
  }
  return columns;
}

/**
 * Each user's column chooser per table screen: which columns show, in which order. Only screens that
 * exist may have a view (a user cannot fill the table with made-up names).
 */
export class TableViewService {
  constructor(private readonly db: Database) {}

  async get(userId: number, screenCode: string): Promise<TableView> {
    const [row] = await this.db
      .select({ columns: userTableViews.columns })
      .from(userTableViews)
      .where(and(eq(userTableViews.userId, userId), eq(userTableViews.screenCode, screenCode)))
      .limit(1);
    return { ScreenCode: screenCode, Columns: cleanColumns(row?.columns) };
  }

  async save(userId: number, screenCode: string, columns: TableViewColumn[]): Promise<TableView> {
    const [screen] = await this.db
      .select({ code: screens.screenCode })
      .from(screens)
      .where(eq(screens.screenCode, screenCode))
      .limit(1);
    if (!screen) throw new BusinessError('This screen does not exist.');
    const kept = cleanColumns(columns);
    const where = and(eq(userTableViews.userId, userId), eq(userTableViews.screenCode, screenCode));
    if (kept.length === 0) {
      await this.db.delete(userTableViews).where(where);
      return { ScreenCode: screenCode, Columns: [] };
    }
    const now = new Date();
    await this.db
      .insert(userTableViews)
      .values({ userId, screenCode, columns: kept, updatedAt: now })
      .onConflictDoUpdate({
        target: [userTableViews.userId, userTableViews.screenCode],
        set: { columns: kept, updatedAt: now },
      });
    return { ScreenCode: screenCode, Columns: kept };
  }
}
