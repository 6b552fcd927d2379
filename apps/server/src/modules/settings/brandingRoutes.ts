import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  BRANDING_MAX_BYTES,
  type BrandingKind,
  brandingUploadResponseSchema,
  SETTINGS_IMAGE_KINDS,
} from '@openbroker/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import { type AuditService, actorOf } from '../audit/service.ts';
import { permit } from '../staff/policy.ts';
import {
  allowedTypesMessage,
  BRANDING_MIME,
  brandingFile,
  detectBrandingType,
  storeBrandingFile,
} from './branding.ts';

const NO_FILE = 'Attach one image as multipart/form-data in the "file" field.';
/** The largest any branding upload may be; each kind then has its own cap (favicon 256 KB). */
const UPLOAD_LIMIT = Math.max(...Object.values(BRANDING_MAX_BYTES));

function tooLarge(kind: BrandingKind): AppError {
  const kb = BRANDING_MAX_BYTES[kind] / 1024;
  const message = `The image is larger than ${kb >= 1024 ? `${kb / 1024} MB` : `${kb} KB`}.`;
  return new AppError('PAYLOAD_TOO_LARGE', message, { file: [message] });
}

/** Reads the one `file` part into memory (capped), so nothing reaches the disk before it is checked. */
async function readImage(request: FastifyRequest, kind: BrandingKind): Promise<Buffer> {
  if (!request.isMultipart()) throw validationError({ file: [NO_FILE] });
  let bytes: Buffer;
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw validationError({ file: [NO_FILE] });
    bytes = await part.toBuffer();
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind);
    // A malformed or cut-off multipart body is the client's mistake, not ours.
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  if (bytes.length > BRANDING_MAX_BYTES[kind]) throw tooLarge(kind);
  return bytes;
}

/**
 * Branding images (logo, logo_sm, favicon) and plan images: staff upload them, the server checks the
 * bytes, stores them under a server-made name in the data directory and serves them to everyone.
 * An upload changes no setting by itself: the returned URL is saved into a field like any other change.
 */
export const brandingRoutes =
  (deps: { db: Db; audit: AuditService; dataDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin, with its own cap (chat registers its own).
    await app.register(fastifyMultipart, {
      limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 100 },
    });

    const upload = async (request: FastifyRequest, reply: FastifyReply, kind: BrandingKind) => {
      const bytes = await readImage(request, kind);
      const ext = await detectBrandingType(bytes, kind);
      if (!ext) throw validationError({ file: [allowedTypesMessage(kind)] });
      const url = await storeBrandingFile(deps.dataDir, bytes, ext);
      const mime = BRANDING_MIME[ext] ?? 'application/octet-stream';
      await deps.audit.record(deps.db, actorOf(request), {
        action: kind === 'plan_icon' ? 'plan.upload' : 'settings.upload',
        objectType: kind === 'plan_icon' ? 'plan' : 'settings',
        objectId: null,
        after: { kind, url, mime, size: bytes.length },
      });
      return reply.status(201).send({ data: { url, mime, size: bytes.length } });
    };

    app.post(
      '/admin/settings/uploads/:kind',
      {
        preValidation: permit('settings.write'),
        schema: {
          tags: ['admin'],
          summary:
            'Upload a logo, small logo or favicon (multipart "file"; PNG, JPEG, WebP, GIF, ICO for the favicon; 1 MB, favicon 256 KB)',
          consumes: ['multipart/form-data'],
          params: z.object({
            kind: z.enum(SETTINGS_IMAGE_KINDS, { error: 'Kind must be logo, logo_sm or favicon' }),
          }),
          response: { 201: brandingUploadResponseSchema },
        },
      },
      (request, reply) => upload(request, reply, request.params.kind),
    );

    app.post(
      '/admin/plans/uploads/icon',
      {
        preValidation: permit('plans.write'),
        schema: {
          tags: ['admin'],
          summary:
            'Upload a plan image shown instead of its icon (multipart "file"; PNG, JPEG, WebP, GIF; 1 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: brandingUploadResponseSchema },
        },
      },
      (request, reply) => upload(request, reply, 'plan_icon'),
    );

    app.get(
      '/branding/:file',
      {
        schema: {
          tags: ['settings'],
          summary: 'An uploaded logo, favicon or plan image (public; names are never reused)',
          params: z.object({ file: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const file = brandingFile(deps.dataDir, request.params.file);
        const size = file
          ? await stat(file.path).then(
              (s) => s.size,
              () => null,
            )
          : null;
        if (!file || size === null) throw new AppError('NOT_FOUND', 'No such image.');
        void reply.headers({
          'Content-Type': file.mime,
          'Content-Length': String(size),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          // The name is unique to the content, so the file can be cached for good.
          'Cache-Control': 'public, max-age=31536000, immutable',
        });
        return reply.send(createReadStream(file.path));
      },
    );
  };
