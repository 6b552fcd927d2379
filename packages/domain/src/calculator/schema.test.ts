import { describe, expect, it } from 'vitest';
import { CALCULATOR_MESSAGES, profitCalculatorSchema } from './schema.ts';

const messages = (input: unknown) => {
  const r = profitCalculatorSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('profit calculator form (SPEC §5)', () => {
  it('uses SPEC §5 words exactly', () => {
    expect(CALCULATOR_MESSAGES).toEqual({
      volume: 'Volume must be a positive number',
      entryPrice: 'Entry price must be a positive number',
      takeProfit: 'Take profit must be a non-negative number',
      stopLoss: 'Stop loss must be a non-negative number',
    });
  });

  it('accepts numbers and numeric text, with empty TP and SL meaning 0', () => {
    expect(
      profitCalculatorSchema.parse({ volume: '1000', entryPrice: 1.1, takeProfit: '', stopLoss: '1.09' }),
    ).toEqual({ volume: 1000, entryPrice: 1.1, takeProfit: 0, stopLoss: 1.09 });
    expect(profitCalculatorSchema.parse({ volume: 1, entryPrice: 2 })).toEqual({
      volume: 1,
      entryPrice: 2,
      takeProfit: 0,
      stopLoss: 0,
    });
  });

  it.each([
    [{ volume: 0, entryPrice: 1 }, ['volume: Volume must be a positive number']],
    [{ volume: -1, entryPrice: 1 }, ['volume: Volume must be a positive number']],
    [{ volume: 'abc', entryPrice: 1 }, ['volume: Volume must be a positive number']],
    [{ volume: '', entryPrice: 1 }, ['volume: Volume must be a positive number']],
    [{ volume: 1, entryPrice: 0 }, ['entryPrice: Entry price must be a positive number']],
    [{ volume: 1, entryPrice: 'Infinity' }, ['entryPrice: Entry price must be a positive number']],
    [
      { volume: 1, entryPrice: 1, takeProfit: -0.5 },
      ['takeProfit: Take profit must be a non-negative number'],
    ],
    [{ volume: 1, entryPrice: 1, stopLoss: 'x' }, ['stopLoss: Stop loss must be a non-negative number']],
    [
      { volume: -2, entryPrice: -1, takeProfit: -1, stopLoss: -1 },
      [
        'volume: Volume must be a positive number',
        'entryPrice: Entry price must be a positive number',
        'takeProfit: Take profit must be a non-negative number',
        'stopLoss: Stop loss must be a non-negative number',
      ],
    ],
  ])('rejects %o with %o', (input, expected) => {
    expect(messages(input)).toEqual(expected);
  });
});
