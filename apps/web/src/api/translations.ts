import type { TextFiles, TextLanguage } from '../engine/texts';
import { api } from './api';

/** `Translations/Shipped`: the build's texts by language and namespace (studio users). */
export async function fetchShippedTexts(): Promise<Record<TextLanguage, TextFiles>> {
  const answer = await api.post<{ Texts: Record<TextLanguage, TextFiles> }>('Translations', 'Shipped', {});
  return answer.Texts;
}
