import type { ComponentType } from 'react';
import { pageTypeOf } from '../../engine/screens';
import { readObject, readText } from '../../engine/values';

/**
 * A screen as the renderers see it (structurally the renderers' `ScreenDescriptor`): components and
 * cells sit below the renderers and may not import them, so the screen renderer is installed here by
 * the renderers' index instead.
 */
export type EmbeddedScreenDescriptor = {
  id: string;
  screenCode: string;
  title: string;
  apiName: string;
  apiMethod: string;
  uiType: string;
  pageType: string;
  config: Record<string, unknown>;
  requestData: Record<string, unknown>;
  contents: EmbeddedScreenDescriptor[];
};

export type EmbeddedScreenProps = {
  screen: EmbeddedScreenDescriptor;
  params: Record<string, string>;
  embedded?: boolean;
};

let Renderer: ComponentType<EmbeddedScreenProps> | null = null;

/** Called once by `renderers/index.ts` with `ScreenRenderer`. */
export function installScreenRenderer(component: ComponentType<EmbeddedScreenProps>): void {
  Renderer = component;
}

/** Renders a screen inside a cell, a row expansion or a modal (`myui`, `myform`, `mypage`). */
export function EmbeddedScreen({
  screen,
  params = {},
}: {
  screen: EmbeddedScreenDescriptor;
  params?: Record<string, string>;
}) {
  if (!Renderer) return null;
  return <Renderer screen={screen} params={params} embedded />;
}

/**
 * The screen an embedded-UI configuration describes: `{uiType | type, apiName, apiMethod, screenCode,
 * title, config, requestData}`. `pageType` fixes the renderer (a `myform` modal always renders a form);
 * otherwise the UI type picks it as for routes.
 */
export function describeEmbeddedScreen(
  config: unknown,
  defaults: { pageType?: string; apiName?: string; screenCode?: string; title?: string; id?: string } = {},
): EmbeddedScreenDescriptor {
  const options = readObject(config) ?? {};
  const uiType = readText(options.uiType) ?? readText(options.type) ?? defaults.pageType ?? 'table';
  const inner = readObject(options.config);
  return {
    id: readText(options.id) ?? defaults.id ?? '',
    screenCode: readText(options.screenCode) ?? defaults.screenCode ?? '',
    title: readText(options.title) ?? defaults.title ?? '',
    apiName: readText(options.apiName) ?? readText(options.APIName) ?? defaults.apiName ?? '',
    apiMethod: readText(options.apiMethod) ?? 'List',
    uiType,
    pageType: defaults.pageType ?? pageTypeOf(uiType),
    // A form or page configuration given flat (no `config` key) is the configuration itself.
    config: inner ?? options,
    requestData: readObject(options.requestData) ?? {},
    contents: [],
  };
}
