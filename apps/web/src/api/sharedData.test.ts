import { describe, expect, it, vi } from 'vitest';
import { ok } from '@/test/http';
import { api } from './client';
import { getSharedData, parseSharedData } from './sharedData';

describe('shared data (SPEC §7: currencies, plans, plan_features)', () => {
  it('reads GET /shared-data', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(
      ok({
        data: {
          currencies: [{ code: 'EUR', symbol: '€', rate: 0.9 }],
          plans: [{ id: 1, title: 'Basic', color: '#fff', features: ['$1'] }],
          plan_features: [{ id: 1, title: 'Minimum deposit' }],
          expert_advisors: [],
        },
      }),
    );
    const data = await getSharedData();
    expect(get).toHaveBeenCalledWith('/shared-data');
    expect(data.currencies).toEqual([{ code: 'EUR', symbol: '€', rate: 0.9 }]);
    expect(data.plans[0]).toMatchObject({ title: 'Basic', recommended: false, icon: null, features: ['$1'] });
    expect(data.plan_features).toEqual([{ id: 1, title: 'Minimum deposit' }]);
  });

  it('drops malformed rows instead of failing the whole answer', () => {
    expect(
      parseSharedData({
        currencies: [{ code: 'EUR', symbol: '€', rate: -1 }, { code: 'GBP', symbol: '£', rate: 0.8 }, 'x'],
        plans: 'nope',
      }),
    ).toEqual({ currencies: [{ code: 'GBP', symbol: '£', rate: 0.8 }], plans: [], plan_features: [] });
    expect(parseSharedData(null)).toEqual({ currencies: [], plans: [], plan_features: [] });
  });
});
