import { z } from 'zod';

/** A namespace of texts: `common`, `table`, `screens`, a screen's code... */
export const namespaceSchema = z.string().regex(/^[\w.-]{1,64}$/, 'must be a namespace such as common');

/** One text of a language file. */
export const translationTextSchema = z.string().max(5000).describe('The text shown for this key.');

const textsSchema = z.record(z.string().min(1).max(2000), translationTextSchema);

/**
 * Texts that replace the shipped ones, by language and namespace; keys are the English wording (as
 * in the product's language files). English texts change a wording without touching the screens.
 */
export const configTranslationsSchema = z
  .object({
    en: z.record(namespaceSchema, textsSchema).optional(),
    vn: z.record(namespaceSchema, textsSchema).optional(),
  })
  .strict();
export type ConfigTranslations = z.infer<typeof configTranslationsSchema>;
