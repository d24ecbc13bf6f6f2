import multipart from '@fastify/multipart';
import {
  type BulkResult,
  bulkDeleteRequestSchema,
  bulkUpdateRequestSchema,
  IMPORT_MODES,
  type ImportMode,
  importProgressRequestSchema,
  progressKeySchema,
  STATUS_SUCCESS,
} from '@panelwright/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type MessageLanguage, requestLanguage, translateMessage } from '../../i18n';
import { Answer, parseWith, registerAction } from '../../lib/actions';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import type { Authenticator } from '../../plugins/auth';
import type { BulkActions } from './bulk';
import type { ImportInput, ImportService } from './import';
import { actorOf } from './protocol';

const FILE_FIELDS = new Set(['file[]', 'file']);

/**
 * `{APIName}/BulkUpdate`, `{APIName}/BulkDelete` (JSON) and `{APIName}/Import` (multipart: the file
 * in `file[]`, `Mapping`, `Mode`, `DryRun`, `KeyField` as text fields) for every declared resource;
 * Import of the collections too (their BulkUpdate and BulkDelete are collection calls).
 */
export function bulkRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  apiNames: readonly string[],
  services: {
    bulk: BulkActions;
    imports: ImportService;
    uploadLimitBytes: number;
    /** Whether a name is a collection's (served by `:APIName/Import`). */
    served?: (apiName: string) => boolean;
  },
): void {
  for (const api of apiNames) {
    registerAction(app, authenticate, {
      name: `${api}/ImportProgress`,
      body: importProgressRequestSchema,
      auth: 'user',
      handler: async (input, request) =>
        services.imports.progressOf(api, input.ProgressKey, actorOf(request)),
    });
    registerAction(app, authenticate, {
      name: `${api}/BulkUpdate`,
      body: bulkUpdateRequestSchema,
      auth: 'user',
      handler: async (input, request) =>
        reasonsIn(await services.bulk.update(api, input, actorOf(request)), requestLanguage(request)),
    });
    registerAction(app, authenticate, {
      name: `${api}/BulkDelete`,
      body: bulkDeleteRequestSchema,
      auth: 'user',
      handler: async (input, request) =>
        reasonsIn(await services.bulk.delete(api, input, actorOf(request)), requestLanguage(request)),
    });
  }
  // Multipart is parsed only in this scope (and the files'), so no other route accepts it.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: services.uploadLimitBytes, files: 1, fields: 20, parts: 30, fieldSize: 256 * 1024 },
    });
    const importInto = async (api: string, request: FastifyRequest, reply: FastifyReply) => {
      if (!request.isMultipart())
        throw badRequest('The import must be multipart/form-data with the file in file[].');
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (FILE_FIELDS.has(part.fieldname) && !file)
              file = { name: part.filename, bytes: await part.toBuffer() };
            else part.file.resume();
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') {
          throw new HttpError(
            413,
            'payload_too_large',
            `The file is larger than the ${Math.round(services.uploadLimitBytes / 1_048_576)} MB limit.`,
          );
        }
        if (error instanceof HttpError) throw error;
        throw badRequest(`The multipart body is malformed (${(error as Error).message.slice(0, 100)}).`);
      }
      if (!file) throw badRequest('file[]: no file was sent');
      const answer = await services.imports.import(
        api,
        { ...importInput(file, fields), language: requestLanguage(request) },
        actorOf(request),
      );
      return {
        StatusCode: STATUS_SUCCESS,
        Msg: answer.msg,
        Data: answer.data,
        TotalMili: Math.round(reply.elapsedTime),
      };
    };
    for (const api of apiNames) {
      scope.post(`/api/v1/${api}/Import`, { onRequest: authenticate('user') }, (request, reply) =>
        importInto(api, request, reply),
      );
    }
    // A collection made after the start has no route of its own: one with a parameter serves them
    // (the routes above come first); any other name stays a 404, before authentication.
    const served = services.served;
    if (served) {
      scope.post(
        '/api/v1/:APIName/Import',
        {
          onRequest: [
            async (request) => {
              const { APIName: api } = request.params as { APIName: string };
              if (!served(api)) throw notFound(`Api ${api.slice(0, 64)}/Import not found`);
            },
            authenticate('user'),
          ],
        },
        (request, reply) => importInto((request.params as { APIName: string }).APIName, request, reply),
      );
      scope.post(
        '/api/v1/:APIName/ImportProgress',
        {
          onRequest: [
            async (request) => {
              const { APIName: api } = request.params as { APIName: string };
              if (!served(api)) throw notFound(`Api ${api.slice(0, 64)}/ImportProgress not found`);
            },
            authenticate('user'),
          ],
        },
        async (request, reply) => {
          const input = parseWith(importProgressRequestSchema, request.body ?? {});
          const { APIName: api } = request.params as { APIName: string };
          return {
            StatusCode: STATUS_SUCCESS,
            Msg: '',
            Data: services.imports.progressOf(api, input.ProgressKey, actorOf(request)),
            TotalMili: Math.round(reply.elapsedTime),
          };
        },
      );
    }
  });
}

/** A bulk answer whose reasons are in the caller's language (the envelope's Msg is translated for all). */
function reasonsIn(answer: Answer<BulkResult>, language: MessageLanguage): Answer<BulkResult> {
  const reasons = answer.data.Reasons.map((reason) => ({
    ...reason,
    Reason: translateMessage(reason.Reason, language),
  }));
  return new Answer({ ...answer.data, Reasons: reasons }, answer.msg);
}

/** The multipart text fields of an import, checked. */
function importInput(file: { name: string; bytes: Buffer }, fields: Record<string, string>): ImportInput {
  let mapping: Record<string, string> | undefined;
  if (fields.Mapping !== undefined && fields.Mapping.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.Mapping);
    } catch {
      throw badRequest('Mapping: must be JSON text {"file column": "FieldName"}');
    }
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      Array.isArray(parsed) ||
      !Object.values(parsed).every((value) => typeof value === 'string')
    )
      throw badRequest('Mapping: must be JSON text {"file column": "FieldName"}');
    mapping = parsed as Record<string, string>;
  }
  const mode = fields.Mode ?? 'all';
  if (!(IMPORT_MODES as readonly string[]).includes(mode)) throw badRequest('Mode: must be all or skip');
  const dryRun = fields.DryRun ?? 'false';
  if (dryRun !== 'true' && dryRun !== 'false') throw badRequest('DryRun: must be true or false');
  let timezoneOffset: number | undefined;
  if (fields.UI_TimezoneOffset !== undefined) {
    timezoneOffset = Number(fields.UI_TimezoneOffset);
    if (!Number.isInteger(timezoneOffset) || Math.abs(timezoneOffset) > 840)
      throw badRequest('UI_TimezoneOffset: must be whole minutes between -840 and 840');
  }
  let requestData: unknown;
  if (fields.RequestData) {
    try {
      requestData = JSON.parse(fields.RequestData);
    } catch {
      throw badRequest('RequestData: must be JSON text');
    }
  }
  let progressKey: string | undefined;
  if (fields.ProgressKey !== undefined) {
    const parsed = progressKeySchema.safeParse(fields.ProgressKey);
    if (!parsed.success) throw badRequest('ProgressKey: must be 8 to 64 letters, digits, - or _');
    progressKey = parsed.data;
  }
  return {
    fileName: file.name,
    bytes: file.bytes,
    mapping,
    mode: mode as ImportMode,
    dryRun: dryRun === 'true',
    keyField: fields.KeyField?.trim() || undefined,
    timezoneOffset,
    requestData,
    progressKey,
  };
}
