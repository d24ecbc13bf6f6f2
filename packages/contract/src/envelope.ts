import { z } from 'zod';

/** The generic answer of every `POST /api/v1/{Controller}/{Action}` call. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    StatusCode: z.number().int(),
    Msg: z.string().nullable(),
    Data: data,
    TotalMili: z.number(),
    ExtraData: z.unknown().optional(),
    MsgShowInUI: z.boolean().optional(),
  });

/** The generic answer with unknown data. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());
/** Envelope as received by the client, data typed by the call. */
export type Envelope<T = unknown> = {
  StatusCode: number;
  Msg: string | null;
  Data: T;
  TotalMili: number;
  ExtraData?: unknown;
  MsgShowInUI?: boolean;
};

/** Body of a protocol failure (any non-200 HTTP status). */
export const errorBodySchema = z.object({
  status: z.number().int(),
  title: z.string(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
/** Body of a protocol failure (any non-200 HTTP status). */
export type ErrorBody = z.infer<typeof errorBodySchema>;
