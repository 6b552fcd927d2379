import type { AdminPlan } from '@openbroker/domain';
import { describe, expect, it } from 'vitest';
import { NEW_PLAN, planFormValues, planRequest } from './planForm';

const PRO: AdminPlan = {
  id: 2,
  title: 'Pro',
  color: '#2563eb',
  icon: 'rocket',
  image: null,
  leverage: 200,
  margin_call_level: 100,
  stop_out_level: 50,
  rank: 1,
  recommended: true,
  eas: [],
  features: ['$5,000'],
  customers: 3,
};

describe('planRequest', () => {
  it('sends only what changed on an edit', () => {
    const values = { ...planFormValues(PRO), stop_out_level: '40', eas: '7, 3' };
    expect(planRequest(values, PRO)).toEqual({ body: { stop_out_level: 40, eas: [7, 3] }, errors: {} });
    expect(planRequest(planFormValues(PRO), PRO)).toEqual({ body: {}, errors: {} });
  });

  it('checks the levels as a pair, whichever was edited', () => {
    const values = { ...planFormValues(PRO), margin_call_level: '40' };
    expect(planRequest(values, PRO).errors).toEqual({
      stop_out_level: 'The stop-out level must be below the margin call level',
    });
  });

  it('names bad fields of a new plan; an empty order means last', () => {
    const { body, errors } = planRequest({ ...NEW_PLAN, title: 'Gold', leverage: '5000', eas: '1, x' }, null);
    expect(body).not.toHaveProperty('rank');
    expect(Object.keys(errors).sort()).toEqual(['eas', 'leverage']);
    expect(planRequest({ ...NEW_PLAN, title: 'Gold' }, null).errors).toEqual({});
  });
});
