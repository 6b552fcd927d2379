import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  documentUploadFieldsSchema,
  REQUIREMENT_KINDS,
  VERIFICATION_UPLOAD_MAX_BYTES,
  verificationDocumentSchema,
  verificationOverviewSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../../errors.ts';
import { actorOf } from '../audit/service.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { contentDisposition } from '../chat/uploads.ts';
import type { VerificationDecisions } from './decisions.ts';
import { VERIFICATION_TOO_LARGE } from './files.ts';
import type { VerificationProvider } from './providers/provider.ts';
import type { UploadInput, VerificationService } from './service.ts';

const tags = ['verification'];
const NO_FILE = 'Attach one file as multipart/form-data in the "file" field.';

/** Reads the fields and the one `file` part (at most 10 MB, in memory until checked). */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw validationError({ file: [NO_FILE] });
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          throw validationError({ file: [NO_FILE] });
        }
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', VERIFICATION_TOO_LARGE, { file: [VERIFICATION_TOO_LARGE] });
    }
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  const parsed = documentUploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'body');
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    throw validationError(errors);
  }
  if (!file || file.bytes.length === 0) throw validationError({ file: [NO_FILE] });
  return {
    requirement: parsed.data.requirement,
    documentType: parsed.data.document_type,
    side: parsed.data.side,
    bytes: file.bytes,
    fileName: file.fileName,
  };
}

/** The customer's verification calls (issue 15) and the document download (owner or staff). */
export const verificationRoutes =
  (deps: { verification: VerificationService }): FastifyPluginAsyncZod =>
  async (app) => {
    const { verification } = deps;
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: VERIFICATION_UPLOAD_MAX_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 20,
        headerPairs: 100,
      },
    });

    app.get(
      '/verification',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Your verification: level, what it unlocks, each requirement and the next step',
          response: { 200: z.object({ data: verificationOverviewSchema }) },
        },
      },
      async (request) => ({ data: await verification.overview(requireAuth(request).user) }),
    );

    app.post(
      '/verification/documents',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'Upload a document (multipart: requirement, document_type, side, then file; JPEG, PNG, WebP or PDF; at most 10 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: z.object({ data: verificationDocumentSchema }) },
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        // Refuse before reading the body: a pending customer's bytes are never looked at.
        await verification.assertMayUpload(user);
        const doc = await verification.upload(user, await readUpload(request));
        return reply.status(201).send({ data: doc });
      },
    );

    app.get(
      '/verification/documents/:id',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Download a verification document (the owner, or staff with verification.documents)',
          params: z.object({ id: z.string().max(100) }),
          querystring: z.object({ download: z.string().max(10).optional() }),
        },
      },
      async (request, reply) => {
        const { user } = requireAuth(request);
        const { doc, path } = await verification.documentFor(user, request.params.id, actorOf(request));
        const size = await stat(path).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) {
          request.log.warn({ document: doc.id }, 'verification document file is missing');
          throw new AppError('NOT_FOUND', 'No such document.');
        }
        const inline = doc.isImage && request.query.download !== '1';
        void reply.headers({
          'Content-Type': doc.mime,
          'Content-Length': String(size),
          'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', doc.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, no-store',
        });
        return reply.send(createReadStream(path));
      },
    );

    app.post(
      '/verification/requirements/:kind/submit',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Send a requirement for review once its files are uploaded',
          params: z.object({ kind: z.enum(REQUIREMENT_KINDS) }),
          response: { 200: z.object({ data: verificationOverviewSchema }) },
        },
      },
      async (request) => ({
        data: await verification.submit(requireAuth(request).user, request.params.kind),
      }),
    );
  };

/**
 * Provider webhooks: the raw body is kept (the signature covers its exact bytes), checked before
 * anything is parsed; a bad signature or an old timestamp changes nothing and is logged.
 */
export const verificationWebhookRoutes =
  (deps: {
    providers: ReadonlyMap<string, VerificationProvider>;
    decisions: VerificationDecisions;
    now: () => Date;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );

    app.post(
      '/verification/providers/:name/webhook',
      {
        schema: {
          tags,
          summary: 'A verification provider reports a result (signed; idempotent by event id)',
          params: z.object({ name: z.string().max(40) }),
          response: { 200: z.object({ status: z.enum(['applied', 'duplicate', 'ignored']) }) },
        },
      },
      async (request) => {
        const provider = deps.providers.get(request.params.name);
        if (!provider || provider.name === 'manual') throw new AppError('NOT_FOUND', 'No such provider.');
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const check = provider.verifyWebhook({ rawBody, headers: request.headers, now: deps.now() });
        if (!check.ok) {
          request.log.warn({ provider: provider.name, why: check.why }, 'verification webhook refused');
          throw new AppError('UNAUTHENTICATED', 'The webhook signature is not valid.');
        }
        const result = provider.parseResult(rawBody);
        if (!result) {
          request.log.warn({ provider: provider.name }, 'verification webhook body not understood');
          throw new AppError('BAD_REQUEST', 'The webhook body is not one we understand.');
        }
        return { status: await deps.decisions.applyProviderResult(provider.name, result) };
      },
    );
  };
