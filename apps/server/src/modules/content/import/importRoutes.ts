import fastifyMultipart from '@fastify/multipart';
import { CALENDAR_IMPORT_MAX_BYTES, calendarImportResultSchema } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../../../errors.ts';
import { actorOf } from '../../audit/service.ts';
import { permit } from '../../staff/policy.ts';
import type { CalendarImport } from './importCalendar.ts';
import { CSV_COLUMNS_DOC } from './parseCsvCalendar.ts';

const NO_FILE = 'Attach one CSV or .ics file as multipart/form-data in the "file" field.';
const TOO_LARGE = `The file can be at most ${CALENDAR_IMPORT_MAX_BYTES / 1024 / 1024} MB.`;

async function readFile(request: FastifyRequest): Promise<{ name: string; text: string }> {
  if (!request.isMultipart()) throw validationError({ file: [NO_FILE] });
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw validationError({ file: [NO_FILE] });
    const bytes = await part.toBuffer();
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw validationError({ file: ['The file is not text.'] });
    return { name: part.filename, text };
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { file: [TOO_LARGE] });
    }
    if (e instanceof TypeError) throw validationError({ file: ['The file must be UTF-8 text.'] });
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
}

/** `POST /admin/calendar/import`: a CSV or iCalendar file, previewed with `?dry_run=1`. */
export const calendarImportRoutes =
  (deps: { importer: CalendarImport }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin, as in chat: only this call takes multipart bodies here.
    await app.register(fastifyMultipart, {
      limits: { fileSize: CALENDAR_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 10 },
    });

    app.post(
      '/admin/calendar/import',
      {
        preValidation: permit('content.write'),
        schema: {
          tags: ['admin'],
          summary: `Import calendar events from a CSV (${CSV_COLUMNS_DOC}) or an .ics file (at most 1 MB); ?dry_run=1 only checks`,
          consumes: ['multipart/form-data'],
          querystring: z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional() }),
          response: { 200: z.object({ data: calendarImportResultSchema }) },
        },
      },
      async (request) => {
        const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
        const file = await readFile(request);
        return { data: await deps.importer.run(actorOf(request), file, dryRun) };
      },
    );
  };
