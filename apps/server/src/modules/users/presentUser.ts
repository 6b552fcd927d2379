import type { Db } from '../../db/client.ts';
import type { UserRow } from '../auth/sessionRepo.ts';

/** SPEC §3 User as the client reads it; never carries a password hash or a token. */
export interface PresentedUser {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  username: string | null;
  avatar: string | null;
  role: 'customer' | 'staff';
  status: 'active' | 'pending' | 'deactivated';
}

export async function presentUser(_db: Db, row: UserRow): Promise<PresentedUser> {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    username: row.username,
    avatar: row.avatar,
    role: row.role,
    status: row.status,
  };
}
