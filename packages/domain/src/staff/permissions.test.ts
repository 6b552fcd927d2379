import { describe, expect, it } from 'vitest';
import { PERMISSIONS, permissionsOf, rolesAllow, STAFF_ROLES } from './permissions.ts';

describe('staff permissions', () => {
  it('gives admin everything and support nothing of money, settings, staff or audit', () => {
    expect(permissionsOf(['admin'])).toEqual([...PERMISSIONS]);
    const support = permissionsOf(['support']);
    expect(support.some((p) => /^(money|settings|staff|audit|instruments|plans)\./.test(p))).toBe(false);
  });

  it('unites the permissions of several roles and ignores unknown ones', () => {
    expect(rolesAllow(['support', 'finance'], 'money.approve')).toBe(true);
    expect(rolesAllow(['support', 'finance'], 'chat.write')).toBe(true);
    expect(permissionsOf(['root', 'wizard'])).toEqual([]);
    expect(rolesAllow([], 'clients.read')).toBe(false);
  });

  it('lets every role read clients', () => {
    for (const r of STAFF_ROLES) expect(rolesAllow([r], 'clients.read')).toBe(true);
  });
});
