/**
 * Named staff permissions (DESIGN §12): the server checks one on every staff call and staff socket
 * channel; the web only hides what a role cannot do.
 */
export const PERMISSIONS = [
  'clients.read',
  'clients.approve',
  'clients.manage',
  'clients.notes',
  'trades.close',
  'money.read',
  'money.adjust',
  'money.approve',
  'settings.write',
  'instruments.write',
  'plans.write',
  'content.write',
  'chat.read',
  'chat.write',
  'staff.manage',
  'audit.read',
  'audit.export',
  /** Decide verification requirements (approve, reject) and see the queue. */
  'verification.review',
  /** Download customers' verification documents (every download audited). */
  'verification.documents',
  /**
   * Expert Advisors (issue 16): edit the catalogue and plan availability, rerun backtests, stop any
   * client's run, and decide AutoTrader requests. Admin only: it sets prices and lets strategies
   * trade clients' money.
   */
  'advisors.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ['admin', 'support', 'finance', 'compliance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What each role may do. A staff user holds one or more roles and may do what any of them allows.
 * Support talks to clients and keeps notes; finance moves and approves money; compliance approves
 * clients and reads the audit trail; admin does everything.
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  support: ['clients.read', 'clients.notes', 'chat.read', 'chat.write'],
  finance: ['clients.read', 'clients.notes', 'money.read', 'money.adjust', 'money.approve', 'trades.close'],
  compliance: [
    'clients.read',
    'clients.approve',
    'clients.manage',
    'clients.notes',
    'money.read',
    'chat.read',
    'audit.read',
    'audit.export',
    'verification.review',
    'verification.documents',
  ],
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  admin: 'Administrator',
  support: 'Support',
  finance: 'Finance',
  compliance: 'Compliance',
};

/** Every permission the roles grant together, sorted. Unknown role names grant nothing. */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const r of roles) {
    const granted = (ROLE_PERMISSIONS as Record<string, readonly Permission[] | undefined>)[r];
    for (const p of granted ?? []) out.add(p);
  }
  return PERMISSIONS.filter((p) => out.has(p));
}

export function rolesAllow(roles: readonly string[], permission: Permission): boolean {
  return permissionsOf(roles).includes(permission);
}
