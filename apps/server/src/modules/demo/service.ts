import { safeParseForPeople } from '@panelwright/contract';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { formEntries } from '../../db/schema';
import { Answer, describeIssues } from '../../lib/actions';
import type { AuditService } from '../../lib/audit';
import { BusinessError, badRequest } from '../../lib/errors';
import type { User } from '../sessions/service';

export type DemoActor = { user: Pick<User, 'id'>; ip?: string | undefined };

/** The demo order form's products and their unit prices, which its after-change call fills in. */
export const DEMO_PRODUCTS = [
  { Value: 'lamp', Text: 'Desk lamp', price: 25.5 },
  { Value: 'chair', Text: 'Office chair', price: 49 },
  { Value: 'desk', Text: 'Standing desk', price: 120 },
] as const;

const MAX_FORM_BYTES = 64 * 1024;
const SECRET_FIELD = /pass(word)?|secret|token/i;

const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .optional()
  .or(z.literal(''))
  .or(z.null());
const numberFrom = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
    schema,
  );

/** The server's own rules for each demo form; a form code without rules is only size-checked. */
const FORM_RULES: Record<string, z.ZodType> = {
  order: z
    .object({
      Customer: z.string({ error: 'is required' }).trim().min(1, 'is required').max(200),
      Region: z.enum(['north', 'central', 'south'], { error: 'must be North, Central or South' }),
      Kind: z.enum(['standard', 'express', 'other'], { error: 'must be one of its options' }).optional(),
      Reason: optionalText(1000),
      Product: z.enum(['lamp', 'chair', 'desk'], { error: 'must be one of its options' }).optional(),
      Quantity: numberFrom(
        z
          .number({ error: 'must be a number' })
          .int('must be a whole number')
          .min(1, 'must be at least 1')
          .max(1000, 'must be at most 1000'),
      ),
      UnitPrice: numberFrom(
        z.number({ error: 'must be a number' }).min(0, 'must be at least 0').max(1_000_000),
      ).optional(),
      DeliveryDate: isoDate,
    })
    .loose(),
  survey: z
    .object({
      Rating: numberFrom(
        z
          .number({ error: 'is required' })
          .int('must be a whole number')
          .min(1, 'must be 1 to 5')
          .max(5, 'must be 1 to 5'),
      ),
      Recommend: z.enum(['yes', 'maybe', 'no'], { error: 'is required' }),
      Comment: optionalText(2000),
    })
    .loose(),
};

/** Rules across fields, checked even when single fields fail, so the form can mark all at once. */
const CROSS_FIELD_RULES: Record<string, (form: Record<string, unknown>) => string[]> = {
  order: (form) =>
    form.Kind === 'other' && (typeof form.Reason !== 'string' || form.Reason.trim() === '')
      ? ['Reason: is required for other requests']
      : [],
};

const formCodeSchema = z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'must be a form code');

/**
 * The server side of the demo pages: the order form's after-change call and the save of any demo
 * form (checked by its rules, audited, stored without secret fields), and the button list's actions.
 */
export class DemoService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
  ) {}

  /** The after-change call: a map of fields to new values for the form. */
  afterChange(field: string | undefined, form: Record<string, unknown>): Record<string, unknown> {
    const changes: Record<string, unknown> = {};
    if (field === 'Product' || field === 'Quantity') {
      const product = DEMO_PRODUCTS.find((p) => p.Value === form.Product);
      if (field === 'Product') changes.UnitPrice = product?.price ?? null;
      const quantity = Number(form.Quantity);
      const price = product?.price ?? Number(form.UnitPrice);
      if (Number.isFinite(quantity) && Number.isFinite(price) && quantity > 0)
        changes.Total = Math.round(quantity * price * 100) / 100;
    }
    if (field === 'Region')
      changes.DeliveryNote = form.Region === 'south' ? 'Ships from Ho Chi Minh City' : 'Ships from Ha Noi';
    return changes;
  }

  async save(
    defaultValues: Record<string, unknown>,
    dataForm: Record<string, unknown>,
    actor: DemoActor,
  ): Promise<Answer<{ Id: number }>> {
    const code = formCodeSchema.safeParse(defaultValues.FormCode ?? 'form');
    if (!code.success) throw badRequest('DefaultValues.FormCode: must be a form code');
    const rules = FORM_RULES[code.data];
    let data = dataForm;
    if (rules) {
      const parsed = safeParseForPeople(rules, dataForm);
      const crossField = CROSS_FIELD_RULES[code.data]?.(dataForm) ?? [];
      // Field names alone (not DataForm.X), so the form can mark each field.
      if (!parsed.success || crossField.length > 0)
        throw badRequest(
          [...(parsed.success ? [] : [describeIssues(parsed.error)]), ...crossField].join('; '),
        );
      data = parsed.data as Record<string, unknown>;
    }
    const stored = Object.fromEntries(Object.entries(data).filter(([key]) => !SECRET_FIELD.test(key)));
    if (JSON.stringify(stored).length > MAX_FORM_BYTES)
      throw badRequest(`DataForm: must be at most ${MAX_FORM_BYTES / 1024} KB`);
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(formEntries)
        .values({ formCode: code.data, data: stored, createdBy: actor.user.id })
        .returning({ id: formEntries.id });
      if (!inserted) throw new Error('form entry insert returned nothing');
      await this.audit.record(
        {
          action: 'form_submit',
          userId: actor.user.id,
          resource: `Form:${code.data}`,
          recordId: inserted.id,
          ip: actor.ip ?? null,
          details: { fields: Object.keys(stored) },
        },
        tx as unknown as Database,
      );
      return inserted;
    });
    return new Answer({ Id: row.id }, 'Saved.');
  }

  /** The caller's latest entries of a form, newest first. */
  async entries(formCode: string, actor: DemoActor) {
    const rows = await this.db
      .select({ Id: formEntries.id, Data: formEntries.data, CreatedAt: formEntries.createdAt })
      .from(formEntries)
      .where(and(eq(formEntries.formCode, formCode), eq(formEntries.createdBy, actor.user.id)))
      .orderBy(desc(formEntries.id))
      .limit(10);
    return rows.map((row) => ({ ...row, CreatedAt: row.CreatedAt.toISOString() }));
  }

  /** The button list's actions. */
  action(name: string): Answer<unknown> {
    if (name === 'ping') return new Answer({ Pong: true }, 'The server answered.');
    if (name === 'time') return new Answer({ Now: new Date().toISOString() }, 'Server time sent.');
    if (name === 'fail') throw new BusinessError('This action always fails, to show an error.');
    throw badRequest('Action: must be ping, time or fail');
  }
}
