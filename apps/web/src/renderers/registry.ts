import type { ScreenEntry, ScreenNode } from '@panelwright/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { pageTypeOf } from '../engine/screens';

/** A screen as every renderer sees it, whether it came from a route, a tab's contents or a cell. */
export type ScreenDescriptor = {
  id: string;
  screenCode: string;
  title: string;
  /** The resource (controller) its calls go to. */
  apiName: string;
  /** The call that lists its data (default List). */
  apiMethod: string;
  /** The UI type as the server wrote it (`table`, `tab`, `chart`...). */
  uiType: string;
  /** The page type the renderer is registered under (`admin_table`, `chart`...). */
  pageType: string;
  /** Parsed `Config` (JSON text on the wire). */
  config: Record<string, unknown>;
  /** Parsed `RequestData`, merged into every call the screen makes. */
  requestData: Record<string, unknown>;
  /** Child screens of tab, panel and dashboard screens, when the tree is known. */
  contents: ScreenDescriptor[];
  /**
   * What only the screen tree (`AppScreenUIControlSetting/Options`) tells: absent for a screen known
   * from the route list, whose renderer asks for its tree when it needs these.
   */
  configs?: ScreenConfigs;
};

/** The configuration parts of a screen-tree node. */
export type ScreenConfigs = {
  /** `Configs.ScreenConfig`, parsed. */
  screenConfig: Record<string, unknown>;
  /** `Configs.UITypeContents` as sent (a dashboard's layout is JSON text). */
  uiTypeContents: string;
  /** `ChartConfig` (the ScreenConfig's Chart), parsed. */
  chartConfig: Record<string, unknown>;
};

export type ScreenRendererProps = {
  screen: ScreenDescriptor;
  /** Route parameters of `[param]` segments. */
  params: Record<string, string>;
  /** Rendered inside another screen (a tab, a widget, a cell, a modal) rather than as a page. */
  embedded?: boolean;
};

type RendererModule = { default: ComponentType<ScreenRendererProps> };
type LazyRenderer = LazyExoticComponent<ComponentType<ScreenRendererProps>>;

const renderers = new Map<string, LazyRenderer>();
const loaders = new Map<string, () => Promise<RendererModule>>();
/** Renderers whose code has arrived: drawn directly, with no suspension (see rendererFor). */
const loadedRenderers = new Map<string, ComponentType<ScreenRendererProps>>();
const prefetchers = new Map<string, (screen: ScreenDescriptor) => void>();

/**
 * Registers the renderer of a page type, loaded on first use. A page type has one renderer: a second
 * registration is a programming error.
 */
export function registerRenderer(pageType: string, load: () => Promise<RendererModule>): void {
  if (renderers.has(pageType)) throw new Error(`a renderer for ${pageType} is registered twice`);
  const tracked = () =>
    load().then((module) => {
      loadedRenderers.set(pageType, module.default);
      return module;
    });
  renderers.set(pageType, lazy(tracked));
  loaders.set(pageType, tracked);
}

/** Registers what a page type fetches ahead of its first render (its first data). */
export function registerPrefetch(pageType: string, prefetch: (screen: ScreenDescriptor) => void): void {
  if (prefetchers.has(pageType)) throw new Error(`a prefetch for ${pageType} is registered twice`);
  prefetchers.set(pageType, prefetch);
}

/** Starts loading a screen's code and its first data, e.g. while the pointer rests on its menu entry. */
export function preloadScreen(screen: ScreenDescriptor): void {
  // Data first: its calls should not queue behind the code's many chunks.
  prefetchers.get(screen.pageType)?.(screen);
  void loaders
    .get(screen.pageType)?.()
    .catch(() => {});
}

/**
 * The renderer of a page type: the component itself once its code has arrived (preloaded on hover,
 * or drawn before), else a lazy one. A lazy component suspends even when its code is there, and
 * React holds a revealed Suspense boundary back for up to 300 ms after its fallback showed.
 * Callers keep the one they got for as long as the page type stays (a new type is a new component).
 */
export function rendererFor(pageType: string): ComponentType<ScreenRendererProps> | undefined {
  return loadedRenderers.get(pageType) ?? renderers.get(pageType);
}

export function registeredPageTypes(): string[] {
  return [...renderers.keys()];
}

function parseObject(text: string | undefined | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function describeScreenEntry(entry: ScreenEntry): ScreenDescriptor {
  return {
    id: entry.Id,
    screenCode: entry.ScreenCode,
    title: entry.Title,
    apiName: entry.APIName,
    apiMethod: 'List',
    uiType: entry.UIType,
    pageType: pageTypeOf(entry.UIType),
    config: parseObject(entry.Config),
    requestData: parseObject(entry.RequestData),
    contents: [],
  };
}

export function describeScreenNode(node: ScreenNode): ScreenDescriptor {
  return {
    id: node.Id,
    screenCode: node.ScreenCode,
    title: node.Title,
    apiName: node.APIName ?? '',
    apiMethod: node.APIMethod || 'List',
    uiType: node.UIType,
    pageType: pageTypeOf(node.UIType),
    config: parseObject(node.Config),
    requestData: parseObject(node.RequestData),
    contents: node.Contents.map(describeScreenNode),
    configs: {
      screenConfig: parseObject(node.Configs.ScreenConfig),
      uiTypeContents: node.Configs.UITypeContents ?? '',
      chartConfig:
        typeof node.ChartConfig === 'object' && node.ChartConfig !== null && !Array.isArray(node.ChartConfig)
          ? (node.ChartConfig as Record<string, unknown>)
          : {},
    },
  };
}
