import fastifyMultipart from '@fastify/multipart';
import {
  createDepositSchema,
  createWalletSchema,
  DEPOSIT_METHODS,
  DEPOSIT_STATUSES,
  depositMethodsSchema,
  depositPageSchema,
  depositSchema,
  sandboxTransferSchema,
  walletSchema,
} from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, validationError } from '../../errors.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { requireAuth, signedInOnly } from '../auth/authPlugin.ts';
import { pagedOf } from '../content/paged.ts';
import type { Wallets } from './crypto/wallets.ts';
import { DEPOSITS_PER_PAGE, type Deposits } from './deposits.ts';
import { PROOF_MAX_BYTES, PROOF_TOO_LARGE } from './proofFiles.ts';
import type { Wires } from './wire.ts';

const tags = ['deposits'];
const NO_FILE = 'Attach one file as multipart/form-data in the "file" field.';
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const one = <T extends z.ZodType>(s: T) => z.object({ data: s });

/** The one `file` part of a multipart upload, at most 10 MB, in memory until its bytes are checked. */
async function readProof(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw validationError({ file: [NO_FILE] });
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || file) {
        await part.toBuffer();
        throw validationError({ file: [NO_FILE] });
      }
      file = { bytes: await part.toBuffer(), fileName: part.filename };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', PROOF_TOO_LARGE, { file: [PROOF_TOO_LARGE] });
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
  }
  if (!file || file.bytes.length === 0) throw validationError({ file: [NO_FILE] });
  return file;
}

/** The customer's deposit calls (issue 14). */
export const depositRoutes =
  (deps: { deposits: Deposits; wallets: Wallets; wires: Wires }): FastifyPluginAsyncZod =>
  async (app) => {
    const { deposits, wallets, wires } = deps;
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: PROOF_MAX_BYTES,
        files: 1,
        fields: 5,
        fieldSize: 1024,
        parts: 10,
        headerPairs: 100,
      },
    });
    app.addHook('preValidation', signedInOnly);

    app.get(
      '/deposits/methods',
      {
        schema: {
          tags,
          summary:
            'How the customer can deposit to an account: limits and fees in its currency, wire details, coins',
          querystring: z.object({ account_id: z.coerce.number().int().positive() }),
          response: { 200: one(depositMethodsSchema) },
        },
      },
      async (request) => ({
        data: await deposits.methodsFor(requireAuth(request).user, request.query.account_id),
      }),
    );

    app.get(
      '/deposits',
      {
        schema: {
          tags,
          summary: "The customer's deposits, newest first (filter by status, method or wallet)",
          querystring: z.object({
            page: z.coerce.number().int().positive().max(100_000).default(1),
            status: z.enum(DEPOSIT_STATUSES).optional(),
            method: z.enum(DEPOSIT_METHODS).optional(),
            wallet_id: z.coerce.number().int().positive().optional(),
          }),
          response: { 200: depositPageSchema },
        },
      },
      async (request) => {
        const { page, status, method, wallet_id } = request.query;
        const { rows, total } = await deposits.page(
          requireAuth(request).user,
          { status, method, walletId: wallet_id },
          page,
        );
        return pagedOf(request, '/deposits', rows, total, page, DEPOSITS_PER_PAGE);
      },
    );

    app.post(
      '/deposits',
      {
        schema: {
          tags,
          summary:
            'Start a card deposit (answer has the hosted payment page) or announce a bank wire (Idempotency-Key)',
          body: createDepositSchema,
          response: { 201: one(depositSchema) },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers);
        const data = await deposits.create(requireAuth(request).user, request.body, key);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/deposits/wallets',
      {
        schema: {
          tags,
          summary: "The customer's deposit addresses",
          response: { 200: one(z.array(walletSchema)) },
        },
      },
      async (request) => ({ data: await wallets.list(requireAuth(request).user) }),
    );

    app.post(
      '/deposits/wallets',
      {
        schema: {
          tags,
          summary: "The customer's address for a coin, network and account (made once, then reused)",
          body: createWalletSchema,
          response: { 200: one(walletSchema) },
        },
      },
      async (request) => ({ data: await wallets.create(requireAuth(request).user, request.body) }),
    );

    app.get(
      '/deposits/wallets/:id',
      {
        schema: {
          tags,
          summary: 'One of the customer’s deposit addresses',
          params: idParams,
          response: { 200: one(walletSchema) },
        },
      },
      async (request) => ({ data: await wallets.get(requireAuth(request).user, request.params.id) }),
    );

    app.post(
      '/deposits/wallets/:id/sandbox-transfer',
      {
        schema: {
          tags,
          summary: 'Sandbox networks only: the sandbox chain sends coins to this address (Idempotency-Key)',
          params: idParams,
          body: sandboxTransferSchema,
          response: {
            201: one(z.object({ txid: z.string(), amount: z.string(), block_height: z.number() })),
          },
        },
      },
      async (request, reply) => {
        const key = idempotencyKeyOf(request.headers);
        const data = await wallets.sandboxTransfer(
          requireAuth(request).user,
          request.params.id,
          request.body.amount,
          key,
        );
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/deposits/:id',
      {
        schema: {
          tags,
          summary: 'One of the customer’s deposits',
          params: idParams,
          response: { 200: one(depositSchema) },
        },
      },
      async (request) => ({ data: await deposits.own(requireAuth(request).user, request.params.id) }),
    );

    app.post(
      '/deposits/:id/proof',
      {
        schema: {
          tags,
          summary:
            'Upload the bank transfer confirmation of a pending wire (multipart "file": PDF, JPEG, PNG or WebP; 10 MB)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: one(depositSchema) },
        },
      },
      async (request) => {
        const { user } = requireAuth(request);
        return { data: await wires.uploadProof(user, request.params.id, await readProof(request)) };
      },
    );
  };
