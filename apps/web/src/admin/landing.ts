import type { User } from '@openbroker/domain';

/** Where the back office starts (issue 13: staff land here after signing in). */
export const ADMIN_HOME = '/admin';
/** Where a customer lands after signing in. */
export const CUSTOMER_HOME = '/main/dashboard';

/** The page someone lands on after signing in: staff the back office, customers their dashboard. */
export function landingPathFor(user: Pick<User, 'role'> | null | undefined): string {
  return user?.role === 'staff' ? ADMIN_HOME : CUSTOMER_HOME;
}
