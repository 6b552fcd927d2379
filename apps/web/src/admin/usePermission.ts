import type { Permission } from '@openbroker/domain';
import { useSessionStore } from '@/stores/sessionStore';

/**
 * Whether the signed-in staff member's roles allow `permission`. The web only hides what a role
 * cannot do; the server checks every call (DESIGN §12).
 */
export function useCan(permission: Permission): boolean {
  return useSessionStore((s) => s.user?.role === 'staff' && s.user.permissions.includes(permission));
}
