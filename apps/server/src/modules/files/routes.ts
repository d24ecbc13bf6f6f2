import multipart from '@fastify/multipart';
import { ERROR_CODES, STATUS_SUCCESS } from '@panelwright/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors';
import type { Authenticator } from '../../plugins/auth';
import type { FilesService, StoredFile } from './service';

/**
 * Raster images open in the browser; everything else downloads, PDFs and SVG included, since they can
 * carry script that would run on the product's origin.
 */
function contentDisposition(file: StoredFile): string {
  const inline = /^image\/(png|jpeg|gif|webp|avif|bmp)$/.test(file.contentType);
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`;
}

const FILE_FIELDS = new Set(['file[]', 'file']);
const MAX_FILES = 10;

export function fileRoutes(
  app: FastifyInstance,
  authenticate: Authenticator,
  files: FilesService,
  uploadLimitBytes: number,
): void {
  app.get<{ Params: { id: string; name: string }; Querystring: Record<string, unknown> }>(
    '/files/:id/:name',
    async (request, reply) => {
      const check = files.checkLink(request.params.id, request.query.exp, request.query.sig);
      if (check === 'invalid')
        throw new HttpError(403, ERROR_CODES.forbidden, 'The link to this file is not valid.');
      if (check === 'expired')
        throw new HttpError(403, ERROR_CODES.forbidden, 'The link to this file has expired.');
      const found = await files.open(request.params.id);
      if (!found) throw new HttpError(404, ERROR_CODES.notFound, 'The file does not exist any more.');
      return (
        reply
          .header('Content-Type', found.file.contentType)
          .header('Content-Length', String(found.file.size))
          .header('Content-Disposition', contentDisposition(found.file))
          .header('X-Content-Type-Options', 'nosniff')
          // Whatever the browser makes of the bytes, it runs no script and reaches nothing from them.
          .header(
            'Content-Security-Policy',
            "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          )
          .header('Cache-Control', 'private, max-age=3600')
          .send(found.stream)
      );
    },
  );

  // Multipart is parsed only here, so no other route accepts it.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: uploadLimitBytes, files: MAX_FILES, fields: 50, parts: 60, fieldSize: 64 * 1024 },
    });
    scope.post(
      '/api/v1/ProjectPhoto/FileUploadFile',
      { onRequest: authenticate('user') },
      async (request, reply) => {
        if (!request.isMultipart())
          throw badRequest('The upload must be multipart/form-data with files in file[].');
        const parts: { name: string; bytes: Buffer }[] = [];
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue;
            if (!FILE_FIELDS.has(part.fieldname)) {
              part.file.resume();
              continue;
            }
            parts.push({ name: part.filename, bytes: await part.toBuffer() });
          }
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(
              413,
              ERROR_CODES.payloadTooLarge,
              `A file is larger than the ${formatBytes(uploadLimitBytes)} limit.`,
            );
          }
          if (code === 'FST_FILES_LIMIT') {
            throw new HttpError(
              413,
              ERROR_CODES.payloadTooLarge,
              `At most ${MAX_FILES} files can be sent at once.`,
            );
          }
          if (error instanceof HttpError) throw error;
          // Busboy's own refusals: no boundary, a truncated or malformed body.
          throw badRequest(`The multipart body is malformed (${(error as Error).message.slice(0, 100)}).`);
        }
        if (parts.length === 0) throw badRequest('file[]: no file was sent');
        const user = request.auth?.user;
        if (!user) throw new HttpError(401, ERROR_CODES.unauthorized, 'Sign in first.');
        const data = await files.upload(parts, user.id);
        return { StatusCode: STATUS_SUCCESS, Msg: '', Data: data, TotalMili: Math.round(reply.elapsedTime) };
      },
    );
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(bytes % 1_048_576 === 0 ? 0 : 1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
