import { screenUrlSchema } from '@panelwright/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { menus, screens } from '../../db/schema';
import type { AuditService } from '../../lib/audit';
import type { CacheRegistry } from '../../lib/cache';
import { BusinessError } from '../../lib/errors';

const jsonObjectText = z
  .string()
  .max(100_000)
  .refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }, 'must be JSON text of an object');

export const saveScreenSchema = z.object({
  ScreenCode: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _'),
  Title: z.string().trim().min(1).max(200),
  UIUrl: screenUrlSchema,
  UIType: z
    .string()
    .regex(/^[a-z_]{0,64}$/, 'must be a UI type such as table or tab')
    .default(''),
  APIName: z
    .string()
    .regex(/^[A-Za-z0-9_]{0,64}$/, 'must be a controller name')
    .default(''),
  Config: jsonObjectText.default('{}'),
  RequestData: jsonObjectText.default('{}'),
  ScreenConfig: jsonObjectText.optional(),
  IsPublic: z.boolean().default(false),
  IsEnabled: z.boolean().default(true),
  OrderNo: z.number().int().min(0).max(100_000).default(0),
  /** Also put it in a menu. */
  Menu: z
    .object({
      Kind: z.enum(['side', 'app']).default('side'),
      Name: z.string().trim().min(1).max(200).optional(),
      Icon: z
        .string()
        .regex(/^(bi-[a-z0-9-]+)?$/, 'must be a bootstrap icon such as bi-table')
        .default('bi-grid'),
      OrderNo: z.number().int().min(0).max(100_000).default(1000),
    })
    .optional(),
});
export type SaveScreenInput = z.output<typeof saveScreenSchema>;

/**
 * Administrators add and change screens (and their menu entries) without code. Like any edit of the
 * screens table, the change reaches users after `Cache/Refresh`.
 */
export class ScreenAdminService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly caches: CacheRegistry,
    /** Records the change as a configuration version, in its transaction. */
    private readonly recordConfigChange: (
      tx: Database,
      message: string,
      userId: number,
    ) => Promise<void> = async () => {},
    /** Announces a recorded configuration change once it is committed. */
    private readonly configChanged: () => void = () => {},
  ) {}

  async save(input: SaveScreenInput, userId: number): Promise<{ Id: string }> {
    const values = {
      screenCode: input.ScreenCode,
      title: input.Title,
      uiUrl: input.UIUrl,
      uiType: input.UIType,
      apiName: input.APIName,
      config: input.Config,
      requestData: input.RequestData,
      isPublic: input.IsPublic,
      isEnabled: input.IsEnabled,
      orderNo: input.OrderNo,
      ...(input.ScreenConfig !== undefined ? { screenConfig: input.ScreenConfig } : {}),
    };
    const id = await this.db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ code: screens.screenCode })
        .from(screens)
        .where(eq(screens.uiUrl, input.UIUrl));
      if (clash && clash.code !== input.ScreenCode) {
        throw new BusinessError(`The screen ${clash.code} already opens at ${input.UIUrl}.`);
      }
      const [saved] = await tx
        .insert(screens)
        .values(values)
        .onConflictDoUpdate({ target: screens.screenCode, set: values })
        .returning({ id: screens.id });
      if (input.Menu) {
        const menu = {
          kind: input.Menu.Kind,
          code: input.ScreenCode,
          name: input.Menu.Name ?? input.Title,
          url: input.UIUrl,
          icon: input.Menu.Icon,
          orderNo: input.Menu.OrderNo,
        };
        await tx
          .insert(menus)
          .values(menu)
          .onConflictDoUpdate({ target: [menus.kind, menus.code], set: menu });
      }
      await this.audit.record(
        { action: 'screen_save', userId, resource: 'screens', recordId: input.ScreenCode },
        tx as unknown as Database,
      );
      await this.recordConfigChange(tx as unknown as Database, `Screen ${input.ScreenCode} saved`, userId);
      return saved?.id ?? '';
    });
    // The new screen opens, and its menu entry shows, on every instance without a manual refresh.
    this.caches.invalidate('Screens', 'Menus');
    this.configChanged();
    return { Id: id };
  }

  async remove(screenCode: string, userId: number): Promise<boolean> {
    await this.db.transaction(async (tx) => {
      await tx.delete(menus).where(and(eq(menus.code, screenCode)));
      const removed = await tx
        .delete(screens)
        .where(eq(screens.screenCode, screenCode))
        .returning({ id: screens.id });
      // Thrown inside: the menus of a screen that was not there stay as they were.
      if (removed.length === 0) throw new BusinessError('There is no such screen.');
      await this.audit.record(
        { action: 'screen_delete', userId, resource: 'screens', recordId: screenCode },
        tx as unknown as Database,
      );
      await this.recordConfigChange(tx as unknown as Database, `Screen ${screenCode} deleted`, userId);
    });
    this.caches.invalidate('Screens', 'Menus');
    this.configChanged();
    return true;
  }
}
