import { createHash, randomBytes } from 'node:crypto';
import { formatMoney } from '@openbroker/domain';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Callbacks } from './callbacks.ts';
import type { PaymentsContext } from './context.ts';
import { isSandboxCard, SANDBOX_CARD } from './providers/sandboxCard.ts';
import { type DepositRow, depositByProviderRef } from './repo.ts';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The sandbox's test cards: this one is always declined, as on real providers' test modes. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';

function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f4f5;color:#18181b}
.banner{background:#b45309;color:#fff;text-align:center;padding:16px 12px;font-size:20px;font-weight:700;letter-spacing:.02em}
.banner small{display:block;font-size:13px;font-weight:400;margin-top:4px}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:18px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:8px 0 20px}
label{display:block;font-size:13px;margin:12px 0 4px;color:#52525b}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #d4d4d8;border-radius:8px;font-size:16px}
.row{display:flex;gap:12px}.row>div{flex:1}
.buttons{display:flex;gap:12px;margin-top:20px}
button{flex:1;padding:12px;border:0;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#15803d;color:#fff}.decline{background:#e4e4e7;color:#18181b}
.hint{font-size:12px;color:#71717a;margin-top:16px;line-height:1.5}.error{color:#b91c1c;font-size:14px;margin-top:12px}
a{color:#2563eb}`;

/**
 * The page's one inline <style>, allowed by its hash rather than by 'unsafe-inline', so the page
 * runs under a policy as strict as the rest of the site's (issue 17) and looks as it always did.
 */
export const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><div class="banner" role="alert">SANDBOX — no real money moves<small>Sandbox card checkout for development and demos. Do not enter a real card.</small></div><main>${body}</main></body></html>`;
}

function checkoutHtml(d: DepositRow, action: string, backUrl: string, error?: string): string {
  const amount = formatMoney(d.amountCents, d.currency);
  if (d.status !== 'pending') {
    return page(
      'Sandbox checkout closed',
      `<h1>Sandbox checkout</h1><p>This checkout is closed (${esc(d.status)}).</p><p><a href="${esc(backUrl)}">Back to your deposit</a></p>`,
    );
  }
  return page(
    `Sandbox checkout: ${amount}`,
    `<h1>Sandbox checkout</h1><div>Deposit #${d.id}</div><div class="amount">${esc(amount)}</div>
<form method="post" action="${esc(action)}">
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242">
<div class="row"><div><label for="expiry">Expiry</label><input id="expiry" name="expiry" value="12/34" autocomplete="off"></div><div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123" autocomplete="off"></div></div>
<label for="holder">Name on card</label><input id="holder" name="holder" value="Sandbox Tester" autocomplete="off">
${error ? `<div class="error" role="alert">${esc(error)}</div>` : ''}
<div class="buttons"><button class="pay" type="submit" name="action" value="pay">Pay ${esc(amount)}</button><button class="decline" type="submit" name="action" value="decline">Decline</button></div>
</form>
<p class="hint">Test cards: 4242 4242 4242 4242 is paid; ${SANDBOX_DECLINED_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined. Nothing is charged.</p>
<p class="hint"><a href="${esc(backUrl)}">Cancel and go back</a></p>`,
  );
}

const formSchema = z.object({
  action: z.enum(['pay', 'decline']),
  card_number: z.string().max(40).optional(),
});

/**
 * The sandbox card provider's own hosted payment page (issue 14): server-rendered, no script, a
 * big sandbox banner. Paying or declining sends the sandbox's signed callback through the same
 * handler a real provider's webhook uses, then returns the customer to `/main/deposit/card`.
 */
export function sandboxCheckoutRoutes(ctx: PaymentsContext, callbacks: Callbacks): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    const publicOrigin = new URL(ctx.deps.publicUrl).origin;
    function send(reply: FastifyReply, status: number, html: string) {
      return reply
        .status(status)
        .headers({
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self' ${publicOrigin}; frame-ancestors 'none'; base-uri 'none'`,
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'no-referrer',
          'Cache-Control': 'no-store',
        })
        .send(html);
    }

    async function sessionDeposit(sessionId: string): Promise<DepositRow | undefined> {
      if (!/^sbx_cs_[A-Za-z0-9_-]{10,60}$/.test(sessionId)) return undefined;
      return depositByProviderRef(ctx.deps.db, SANDBOX_CARD, sessionId);
    }
    const backUrl = (d: DepositRow) => `${ctx.deps.publicUrl}/main/deposit/card?deposit=${d.id}`;
    const notFound = (reply: FastifyReply) =>
      send(reply, 404, page('Sandbox checkout', '<h1>Sandbox checkout</h1><p>No such checkout.</p>'));
    const isOpen = (d: DepositRow) =>
      d.status === 'pending' && (!d.expiresAt || d.expiresAt.getTime() > ctx.deps.clock.now().getTime());

    app.get<{ Params: { sessionId: string } }>(
      '/payments/sandbox/checkout/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const d = await sessionDeposit(request.params.sessionId);
        if (!d) return notFound(reply);
        const shown = isOpen(d)
          ? d
          : { ...d, status: d.status === 'pending' ? ('expired' as const) : d.status };
        return send(reply, 200, checkoutHtml(shown, request.url, backUrl(d)));
      },
    );

    app.post<{ Params: { sessionId: string } }>(
      '/payments/sandbox/checkout/:sessionId',
      { schema: { hide: true } },
      async (request, reply) => {
        const d = await sessionDeposit(request.params.sessionId);
        if (!d) return notFound(reply);
        if (!isOpen(d)) return reply.redirect(backUrl(d), 303);
        const form = formSchema.safeParse(request.body);
        if (!form.success)
          return send(reply, 422, checkoutHtml(d, request.url, backUrl(d), 'Choose Pay or Decline.'));
        const digits = (form.data.card_number ?? '').replace(/[\s-]/g, '');
        if (form.data.action === 'pay' && (!/^\d{12,19}$/.test(digits) || !luhnOk(digits)))
          return send(
            reply,
            422,
            checkoutHtml(d, request.url, backUrl(d), 'Enter a valid test card number.'),
          );
        const paid = form.data.action === 'pay' && digits !== SANDBOX_DECLINED_CARD;
        const provider = ctx.deps.providers.get(SANDBOX_CARD);
        if (!isSandboxCard(provider)) return notFound(reply);
        const signed = provider.sign({
          id: `sbx_evt_${randomBytes(12).toString('hex')}`,
          type: paid ? 'checkout.completed' : 'checkout.failed',
          session_id: request.params.sessionId,
          amount_cents: d.amountCents.toString(),
          currency: d.currency,
          card_last4: /^\d{12,19}$/.test(digits) ? digits.slice(-4) : null,
          card_brand: /^\d{12,19}$/.test(digits) ? brandOf(digits) : null,
        });
        await callbacks.handle(SANDBOX_CARD, signed.rawBody, signed.headers);
        return reply.redirect(backUrl(d), 303);
      },
    );
  };
}
