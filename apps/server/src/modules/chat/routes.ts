import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  CHAT_UPLOAD_MAX_BYTES,
  chatListQuerySchema,
  chatMessageSchema,
  chatPageSchema,
  chatReadResponseSchema,
  chatReadSchema,
  chatSendSchema,
  chatUnreadSchema,
  chatUploadResponseSchema,
  chatUsersResponseSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Bus } from '../../realtime/bus.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { permit, requirePermission } from '../staff/policy.ts';
import { createChatService } from './service.ts';
import { contentDisposition, TOO_LARGE } from './uploads.ts';

const NO_FILE = 'Attach one file as multipart/form-data in the "file" field.';

/**
 * Reads the one `file` part of an upload into memory (at most CHAT_UPLOAD_MAX_BYTES), so nothing
 * touches the disk before the size and the bytes are checked.
 */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw validationError({ file: [NO_FILE] });
  try {
    const part = await request.file();
    if (part?.fieldname !== 'file') throw validationError({ file: [NO_FILE] });
    return { bytes: await part.toBuffer(), fileName: part.filename };
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { file: [TOO_LARGE] });
    }
    // A malformed or cut-off multipart body is the client's mistake, not ours.
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
}

/** SPEC §7 chat calls and the Admin Chat user list. */
/** The signed-in user of a chat call; staff also need the chat permission the call uses. */
function chatUser(request: FastifyRequest, permission: 'chat.read' | 'chat.write') {
  const { user } = requireAuth(request);
  if (user.role === 'staff') requirePermission(request, permission);
  return user;
}

export const chatRoutes =
  (deps: { db: Db; clock: Clock; bus: Bus; dataDir: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const chat = createChatService(deps);
    const tags = ['chat'];

    // Scoped to this plugin: the only place that takes multipart bodies.
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: CHAT_UPLOAD_MAX_BYTES,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 20,
        headerPairs: 100,
      },
    });

    app.get(
      '/chat/messages',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary:
            'A page of a conversation: page 1 the newest, oldest first inside; `after` for polling. Staff pass customer_id.',
          querystring: chatListQuerySchema,
          response: { 200: chatPageSchema },
        },
      },
      async (request) => chat.list(chatUser(request, 'chat.read'), request.query),
    );

    app.post(
      '/chat/messages',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Send a message (staff: to the customer_id given) with attachments uploaded before',
          body: chatSendSchema,
          response: { 201: z.object({ data: chatMessageSchema }) },
        },
      },
      async (request, reply) => {
        const message = await chat.send(chatUser(request, 'chat.write'), request.body);
        return reply.status(201).send({ data: message });
      },
    );

    app.post(
      '/chat/upload',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Upload one file (multipart field "file"; image, PDF, Word or Excel; at most 10 MB)',
          consumes: ['multipart/form-data'],
          response: { 201: chatUploadResponseSchema },
        },
      },
      async (request, reply) => {
        const user = chatUser(request, 'chat.write');
        chat.mayUpload(user);
        const attachment = await chat.upload(user, await readUpload(request));
        return reply.status(201).send({ url: attachment.download_url, data: attachment });
      },
    );

    app.get(
      '/chat/attachments/:id',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Download an attachment (images inline unless download=1)',
          params: z.object({ id: z.string().max(100) }),
          querystring: z.object({ download: z.string().max(10).optional() }),
        },
      },
      async (request, reply) => {
        const { row, path } = await chat.attachmentFor(chatUser(request, 'chat.read'), request.params.id);
        const size = await stat(path).then(
          (s) => s.size,
          () => null,
        );
        if (size === null) {
          request.log.warn({ attachment: row.id }, 'chat attachment file is missing');
          throw new AppError('NOT_FOUND', 'No such attachment.');
        }
        const inline = row.isImage && request.query.download !== '1';
        void reply.headers({
          'Content-Type': row.mime,
          'Content-Length': String(size),
          'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', row.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': "default-src 'none'; sandbox",
          'Cache-Control': 'private, max-age=86400',
        });
        return reply.send(createReadStream(path));
      },
    );

    app.post(
      '/chat/read',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: "Mark the other side's messages of a conversation read (staff pass customer_id)",
          body: chatReadSchema.nullish(),
          response: { 200: chatReadResponseSchema },
        },
      },
      async (request) => {
        const ids = await chat.read(chatUser(request, 'chat.read'), request.body?.customer_id);
        return { data: { message_ids: ids } };
      },
    );

    app.get(
      '/chat/unread-count',
      {
        preValidation: signedInOnly,
        schema: {
          tags,
          summary: 'Unread chat messages: a customer’s support replies; for staff, every customer’s',
          response: { 200: chatUnreadSchema },
        },
      },
      async (request) => ({ unread_count: await chat.unreadCount(chatUser(request, 'chat.read')) }),
    );

    app.get(
      '/admin/users',
      {
        preValidation: permit('chat.read'),
        schema: {
          tags: ['admin', ...tags],
          summary: 'Customers for the Admin Chat list, by latest message, with unread counts and presence',
          response: { 200: chatUsersResponseSchema },
        },
      },
      async () => ({ data: await chat.users() }),
    );
  };
