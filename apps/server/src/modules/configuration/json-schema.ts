import { configDocumentSchema } from '@panelwright/contract';
import { z } from 'zod';

let text: string | null = null;

/**
 * The JSON Schema of the configuration document, made once from the contract's zod schema: the
 * same rules the server applies (less the checks that need the server's own knowledge, such as the
 * declared columns of a resource).
 */
export function configurationJsonSchema(): string {
  text ??= JSON.stringify({
    ...z.toJSONSchema(configDocumentSchema, { io: 'input', unrepresentable: 'any' }),
    $id: '/api/config.schema.json',
    title: 'Panelwright configuration',
  });
  return text;
}
