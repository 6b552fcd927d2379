import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradingContext, type TradingContext } from '../test/trading.ts';
import { isStorableText, UNSAFE_TEXT_MESSAGE, unsafeTextPaths } from './textSafety.ts';

describe('isStorableText / unsafeTextPaths', () => {
  it('accepts ordinary text, emoji (paired surrogates) and other control characters', () => {
    for (const s of ['', 'Grace Hopper', 'Zoë 😀 €', 'tab\there', 'line\nbreak']) {
      expect(isStorableText(s), JSON.stringify(s)).toBe(true);
    }
  });

  it('refuses a NUL byte and a surrogate half on its own, at either end or in the middle', () => {
    for (const s of ['\u0000', 'a\u0000b', '\ud800', 'x\ud83dy', '\ude00', 'end\udbff', '😀'.slice(1)]) {
      expect(isStorableText(s), JSON.stringify(s)).toBe(false);
    }
  });

  it('names every bad field by its dotted path, keys included, and walks deep bodies without recursion', () => {
    expect(
      unsafeTextPaths({ ok: 'fine', a: 'x\u0000', list: ['ok', { title: '\ud800' }], 'k\u0000': 1, n: 5 }),
    ).toEqual(['a', 'body', 'list.1.title']);
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(unsafeTextPaths(deep)).toHaveLength(1);
  });
});

describe('text PostgreSQL cannot store is a 422 naming the field, never a 500', () => {
  let t: TradingContext;
  beforeAll(async () => {
    t = await createTradingContext();
  });
  afterAll(() => t.close());

  const expectFieldError = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      message: UNSAFE_TEXT_MESSAGE,
      code: 'VALIDATION_FAILED',
      errors: { [field]: [UNSAFE_TEXT_MESSAGE] },
    });
  };

  it('registration fields', async () => {
    const form = {
      first_name: 'Gr\u0000ace',
      last_name: 'Hopper',
      username: 'gracenul',
      email: 'grace.nul@example.test',
      phone: '+1 555 0100',
      country_code: '+1',
      country: 'united-states',
      nationality: 'united-states',
      password: 'cobol-forever',
      confirm_password: 'cobol-forever',
      agree_privacy: true,
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: form });
    expectFieldError(res, 'first_name');
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { ...form, first_name: 'Grace', last_name: 'Hop\ud800per' },
    });
    expectFieldError(surrogate, 'last_name');
  });

  it('a chat message, with a NUL or a lone surrogate sent as a JSON escape', async () => {
    const c = await t.customer(0);
    expectFieldError(await t.call(c.token, 'POST', '/chat/messages', { message: 'hello\u0000' }), 'message');
    // The raw JSON text `"\ud800"`: valid JSON, an unpaired surrogate once parsed.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
      payload: '{"message":"hi \\ud800 there"}',
    });
    expectFieldError(raw, 'message');
    const fine = await t.call(c.token, 'POST', '/chat/messages', { message: 'hello 😀' });
    expect(fine.statusCode, fine.body).toBe(201);
  });

  it('a staff text field, a path parameter, and still 403 for a customer before the body is looked at', async () => {
    const event = {
      time: '2026-01-08T15:30:00Z',
      country: 'us',
      currency: 'usd',
      title: 'Inventories\u0000',
      importance: -1,
    };
    expectFieldError(await t.call(t.staff, 'POST', '/admin/calendar', event), 'title');
    const customer = await t.customer(0);
    expect((await t.call(customer.token, 'POST', '/admin/calendar', event)).statusCode).toBe(403);
    expectFieldError(await t.call(customer.token, 'GET', '/chat/attachments/a%00b'), 'id');
  });
});
