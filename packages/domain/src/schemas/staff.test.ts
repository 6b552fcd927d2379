import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, staffInviteSchema, staffQuerySchema, staffRolesSchema } from './staff.ts';

describe('staff schemas', () => {
  it('normalises an invitation: email lower-cased and trimmed, roles de-duplicated', () => {
    expect(
      staffInviteSchema.parse({
        email: ' Ann@Example.COM ',
        first_name: ' Ann ',
        last_name: 'Lee',
        roles: ['support', 'finance', 'support'],
      }),
    ).toEqual({
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      roles: ['support', 'finance'],
    });
  });

  it('needs at least one known role and refuses extra fields', () => {
    const none = staffRolesSchema.safeParse({ roles: [] });
    expect(none.success ? null : none.error.issues[0]?.message).toBe(STAFF_MESSAGES.rolesRequired);
    expect(staffRolesSchema.safeParse({ roles: ['owner'] }).success).toBe(false);
    expect(staffRolesSchema.safeParse({ roles: ['admin'], status: 'active' }).success).toBe(false);
  });

  it('sorts only by whitelisted fields, either direction', () => {
    expect(staffQuerySchema.parse({ sort: '-last_seen_at' }).sort).toBe('-last_seen_at');
    expect(staffQuerySchema.safeParse({ sort: 'password_hash' }).success).toBe(false);
    expect(staffQuerySchema.safeParse({ sort: 'name;drop' }).success).toBe(false);
    expect(staffQuerySchema.parse({})).toEqual({ page: 1, per_page: 25 });
  });
});
