import { describe, expect, it } from 'vitest';
import { DEFAULT_MARGIN_CALL_LEVEL, DEFAULT_STOP_OUT_LEVEL, riskState } from './riskState.ts';

describe('risk state (DESIGN §6)', () => {
  it('defaults to a margin call at 100% and stop-out at 50%', () => {
    expect([DEFAULT_MARGIN_CALL_LEVEL, DEFAULT_STOP_OUT_LEVEL]).toEqual([100, 50]);
  });

  it.each([
    [Number.POSITIVE_INFINITY, 'ok'],
    [100.01, 'ok'],
    [100, 'margin_call'],
    [50.01, 'margin_call'],
    [50, 'stop_out'],
    [0, 'stop_out'],
    [-20, 'stop_out'],
  ] as const)('a level of %s%% is %s', (level, state) => {
    expect(riskState(level)).toBe(state);
  });

  it('follows configured levels', () => {
    expect(riskState(120, { marginCall: 150, stopOut: 80 })).toBe('margin_call');
    expect(riskState(80, { marginCall: 150, stopOut: 80 })).toBe('stop_out');
    expect(riskState(151, { marginCall: 150, stopOut: 80 })).toBe('ok');
  });
});
