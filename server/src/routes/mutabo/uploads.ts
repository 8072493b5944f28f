// POST /api/v1/mutabo/uploads/: one file as multipart/form-data (any field name); answers 201 {url, thumbnail?}.
import fastifyMultipart from '@fastify/multipart';
import { mutaboMessages as m } from '../../../../common/mutabo/fields.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../common/mutabo/uploads.ts';
import type { ZodRoutes } from '../../http/zodTypeProvider.ts';
import { mutaboErrors } from '../../services/mutabo/context.ts';
import { UploadQuotaError, uploadFile } from '../../services/content/uploads.ts';
import { callerOf } from '../../http/mutabo/caller.ts';

export const mutaboUploadsRoutes: ZodRoutes = async (app) => {
  // The parts are read only in the handler, after the area's hooks have checked the caller.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, parts: 11, headerPairs: 100 } });

  app.post('/uploads/', async (request, reply) => {
    if (!request.isMultipart()) throw mutaboErrors.field('file', m.uploadMissing);
    let file: { name: string; data: Buffer } | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const data = await part.toBuffer();
        file = { name: part.filename, data };
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw mutaboErrors.field('file', m.uploadTooLarge);
      if (code === 'FST_FILES_LIMIT') throw mutaboErrors.field('file', m.uploadOneFile);
      if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw mutaboErrors.field('file', m.uploadOneFile);
      // Anything else here is a body that is not well-formed multipart (cut short, no boundary): the client's.
      throw mutaboErrors.field('file', m.uploadUnreadable);
    }
    if (!file || file.data.length === 0) throw mutaboErrors.field('file', m.uploadMissing);
    try {
      return reply.code(201).send(await uploadFile(app.deps, callerOf(request), file.name, file.data));
    } catch (error) {
      if (error instanceof UploadQuotaError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });
};
