import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { timeRoutes } from './timeRoutes.ts';

describe('GET /time', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const clock = manualClock(new Date('2026-03-04T05:06:07.089Z'));
  void app.register(timeRoutes({ clock }));

  afterEach(() => clock.set(new Date('2026-03-04T05:06:07.089Z')));

  it("answers the injected clock's time, uncached, without a session", async () => {
    const res = await app.inject({ method: 'GET', url: '/time' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ data: { now: '2026-03-04T05:06:07.089Z', epoch_ms: 1772600767089 } });
  });

  it('follows the clock as it moves', async () => {
    clock.advance(1_500);
    const res = await app.inject({ method: 'GET', url: '/time' });
    expect(res.json().data.now).toBe('2026-03-04T05:06:08.589Z');
  });
});
