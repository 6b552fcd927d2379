import { describe, expect, it, vi } from 'vitest';
import { summarizeSound, testSound } from './soundCheck';

const refusal = () => new DOMException('Not allowed', 'NotAllowedError');

describe('testSound', () => {
  it('reports the file playing', async () => {
    expect(await testSound({ playFile: () => Promise.resolve() })).toEqual({ result: 'played' });
  });

  it('reports a browser refusal as blocked, without trying the chime', async () => {
    const audioContext = vi.fn(() => undefined);
    expect(await testSound({ playFile: () => Promise.reject(refusal()), audioContext })).toEqual({
      result: 'blocked',
    });
    expect(audioContext).not.toHaveBeenCalled();
  });

  it('fails with the reason when neither the file nor Web Audio can play', async () => {
    const outcome = await testSound({
      playFile: () => Promise.reject(new Error('Unsupported format')),
      audioContext: () => undefined,
    });
    expect(outcome).toEqual({ result: 'failed', reason: 'Unsupported format' });
  });
});

describe('summarizeSound', () => {
  it('waits for the customer before testing', () => {
    expect(summarizeSound(null, true).level).toBe('pending');
  });

  it('warns when the sound works but Settings keep it off', () => {
    const check = summarizeSound({ result: 'played' }, false);
    expect(check).toMatchObject({
      level: 'warning',
      summary: 'The test sound played, but sounds are off in Settings.',
    });
  });

  it('fails when blocked', () => {
    expect(summarizeSound({ result: 'blocked' }, true).level).toBe('failed');
  });
});
