import { STORAGE_KEYS } from '../engine/storage-keys';

/**
 * The studio's preview frame: the studio names the frame `panelwright-preview:<role>`, and the product
 * inside it sends every call with the preview header, so that the server answers with the draft through
 * that role's eyes, reading only. The name stays with the frame through its reloads, and with nothing
 * else (the studio's own page keeps its own).
 */
export const PREVIEW_FRAME_PREFIX = 'panelwright-preview:';
export const PREVIEW_HEADER = 'x-panelwright-preview';

/** The role this window previews as; null in the product itself. */
export function previewRole(): string | null {
  if (typeof window === 'undefined' || !window.name.startsWith(PREVIEW_FRAME_PREFIX)) return null;
  return window.name.slice(PREVIEW_FRAME_PREFIX.length) || null;
}

/** The headers of a preview's calls; none outside one. */
export function previewHeaders(): Record<string, string> {
  const role = previewRole();
  return role ? { [PREVIEW_HEADER]: role } : {};
}

/**
 * The headers a preview's language files are fetched with: the draft's texts are the studio user's to
 * see, so the file request carries their token as the API calls do.
 */
export function previewFileHeaders(): Record<string, string> {
  const role = previewRole();
  if (!role) return {};
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  return token ? { [PREVIEW_HEADER]: role, Authorization: `Bearer ${token}` } : { [PREVIEW_HEADER]: role };
}
