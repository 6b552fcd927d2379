import { type Permission, rolesAllow } from '@openbroker/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { type RequestAuth, requireStaff } from '../auth/authPlugin.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

/** Whether this user is staff holding `permission` through one of their roles (DESIGN §12). */
export function staffCan(user: Pick<UserRow, 'role' | 'staffRoles'>, permission: Permission): boolean {
  return user.role === 'staff' && rolesAllow(user.staffRoles, permission);
}

/** The signed-in staff member holding `permission`: 401 without a session, 403 for anyone else. */
export function requirePermission(request: FastifyRequest, permission: Permission): RequestAuth {
  const auth = requireStaff(request);
  if (!rolesAllow(auth.user.staffRoles, permission)) {
    throw new AppError('FORBIDDEN', `Your staff role does not allow this (it needs ${permission}).`);
  }
  return auth;
}

/**
 * The one policy check of every staff route, as a `preValidation` hook, so a refusal comes before
 * the body is read: `{ preValidation: permit('money.adjust') }`.
 */
export const permit =
  (permission: Permission) =>
  async (request: FastifyRequest): Promise<void> => {
    requirePermission(request, permission);
  };
