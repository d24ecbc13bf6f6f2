import { z } from 'zod';

/** A screen entry of the menu and route lists (part 1 section 3). */
export const screenEntrySchema = z.object({
  Id: z.string(),
  UIUrl: z.string(),
  ScreenCode: z.string(),
  Title: z.string(),
  APIName: z.string(),
  UIType: z.string(),
  /** JSON text; may contain `noSidebar`. */
  Config: z.string(),
  /** JSON text merged into every call the screen makes. */
  RequestData: z.string(),
  Type: z.string(),
});
/** A screen entry of the menu and route lists. */
export type ScreenEntry = z.infer<typeof screenEntrySchema>;

/** A menu item of `side_menu` / `app_menu` (those are JSON text of a list of these). */
export type MenuItem = {
  Name: string;
  Code: string;
  Url: string;
  Icon: string;
  OrderNo: number;
  NewWindow: boolean;
  Children: MenuItem[];
};
/** A menu item of `side_menu` / `app_menu`. */
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    Name: z.string(),
    Code: z.string(),
    Url: z.string(),
    Icon: z.string(),
    OrderNo: z.number(),
    NewWindow: z.boolean(),
    Children: z.array(menuItemSchema),
  }),
);

/** `ProjectScreenHeader/ProjectScreens` answer data. */
export const projectScreensSchema = z.object({
  /** JSON text of `MenuItem[]`. */
  side_menu: z.string(),
  /** JSON text of `MenuItem[]`. */
  app_menu: z.string(),
  appLogo_url: z.string(),
});
/** `ProjectScreenHeader/ProjectScreens` answer data. */
export type ProjectScreens = z.infer<typeof projectScreensSchema>;

/** A node of the screen tree of `AppScreenUIControlSetting/Options`. */
export type ScreenNode = {
  Id: string;
  ScreenCode: string;
  Title: string;
  UIType: string;
  APIName?: string;
  APIMethod?: string;
  RequestData?: string;
  Config?: string;
  ButtonList?: unknown[];
  ChartConfig?: unknown;
  Configs: { ScreenConfig: string; UITypeContents?: string };
  Contents: ScreenNode[];
};
/** A node of the screen tree of `AppScreenUIControlSetting/Options`. */
export const screenNodeSchema: z.ZodType<ScreenNode> = z.lazy(() =>
  z.object({
    Id: z.string(),
    ScreenCode: z.string(),
    Title: z.string(),
    UIType: z.string(),
    APIName: z.string().optional(),
    APIMethod: z.string().optional(),
    RequestData: z.string().optional(),
    Config: z.string().optional(),
    ButtonList: z.array(z.unknown()).optional(),
    ChartConfig: z.unknown().optional(),
    Configs: z.object({ ScreenConfig: z.string(), UITypeContents: z.string().optional() }),
    Contents: z.array(screenNodeSchema),
  }),
);

/** `AppScreenUIControlSetting/Options` body. */
export const screenOptionsRequestSchema = z.object({ ScreenGUID: z.guid() });

/** `Cache/Refresh` body: "ALL" or one cache key. */
export const cacheRefreshRequestSchema = z.object({ Id: z.string().min(1).max(128) });

/** `Exception/SaveLog` body. */
export const saveLogRequestSchema = z.object({
  LogBy: z.string().max(256).optional(),
  AIPUrl: z.string().max(2048).optional(),
  Url: z.string().max(2048).optional(),
  Error: z.string().max(20_000).optional(),
  Data: z.string().max(100_000).optional(),
});
