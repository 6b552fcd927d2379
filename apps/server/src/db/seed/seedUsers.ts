import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@openbroker/domain';
import { eq } from 'drizzle-orm';
import { bookOpeningBalance } from '../../modules/accounts/funding.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { accountsOf, defaultPlan, insertCustomer } from '../../modules/users/repo.ts';
import type { Db } from '../client.ts';
import { users } from '../schema.ts';

export interface SeedLogin {
  role: 'staff' | 'customer';
  email: string;
  /** Present only when the password was generated now, so it can be shown once. */
  generatedPassword?: string;
}

interface SeedUserSpec {
  role: 'staff' | 'customer';
  email: string;
  password: string | undefined;
  firstName: string;
  lastName: string;
  username: string;
  /** A staff user's roles (default: admin). */
  staffRoles?: StaffRole[];
  /** Opening balance of the customer's first account, booked through the ledger. */
  fundingCents?: bigint;
}

async function fundFirstAccount(db: Db, userId: number, cents: bigint): Promise<void> {
  const [account] = await accountsOf(db, userId);
  if (!account) return;
  await bookOpeningBalance(db, account.id, cents, 'Demo account opening balance');
}

/** A readable random password: 16 characters of base64url, 96 bits. */
function generatePassword(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Creates a seed login if its email is not taken yet. No fixed password ships: without one in the
 * environment, a random password is generated and returned so start-up can print it once.
 */
export async function ensureSeedUser(db: Db, spec: SeedUserSpec): Promise<SeedLogin | undefined> {
  const email = spec.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return undefined;
  const password = spec.password ?? generatePassword();
  const values = {
    email,
    username: spec.username,
    passwordHash: await hashPassword(password),
    role: spec.role,
    status: 'active' as const,
    firstName: spec.firstName,
    lastName: spec.lastName,
  };
  if (spec.role === 'customer') {
    const user = await insertCustomer(db, { ...values, planId: (await defaultPlan(db))?.id ?? null });
    if (spec.fundingCents) await fundFirstAccount(db, user.id, spec.fundingCents);
  } else {
    // The first staff login is an administrator; staff invite and give roles to the rest.
    await db.insert(users).values({ ...values, staffRoles: spec.staffRoles ?? ['admin'] });
  }
  return { role: spec.role, email, generatedPassword: spec.password ? undefined : password };
}
