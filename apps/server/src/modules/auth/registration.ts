import { REGISTRATION_MESSAGES, type RegistrationInput, type User } from '@openbroker/domain';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SettingsService } from '../settings/service.ts';
import { presentUser } from '../users/presentUser.ts';
import { defaultPlan, findUserByEmail, insertCustomer, usernameTaken } from '../users/repo.ts';
import { hashPassword } from './passwords.ts';

/** Postgres unique_violation: the check-then-insert race lost to a concurrent registration. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(e: unknown): boolean {
  const cause = (e as { cause?: { code?: string } }).cause;
  return (e as { code?: string }).code === UNIQUE_VIOLATION || cause?.code === UNIQUE_VIOLATION;
}

export function createRegistrationService(deps: { db: Db; clock: Clock; settings: SettingsService }) {
  async function assertUnique(email: string, username: string): Promise<void> {
    const errors: Record<string, string[]> = {};
    if (await findUserByEmail(deps.db, email)) errors.email = [REGISTRATION_MESSAGES.emailTaken];
    if (await usernameTaken(deps.db, username)) errors.username = [REGISTRATION_MESSAGES.usernameTaken];
    if (Object.keys(errors).length > 0) throw validationError(errors);
  }

  return {
    /**
     * SPEC §7 `POST /auth/check-email`. The country is the two-letter code a trusted proxy put in
     * front of us (CF-IPCountry or X-Country-Code), else US, as SPEC allows.
     */
    async checkEmail(email: string, countryHeader: string | undefined) {
      const taken = (await findUserByEmail(deps.db, email)) !== undefined;
      const country =
        countryHeader && /^[A-Za-z]{2}$/.test(countryHeader) ? countryHeader.toUpperCase() : 'US';
      return taken
        ? { success: false, message: REGISTRATION_MESSAGES.emailTaken, data: { available: false, country } }
        : {
            success: true,
            message: REGISTRATION_MESSAGES.emailAvailable,
            data: { available: true, country },
          };
    },

    /** Creates a customer with a USD trading account; pending until staff approve, unless auto-approve is on. */
    async register(input: RegistrationInput): Promise<User> {
      await assertUnique(input.email, input.username);
      const [settings, plan] = await Promise.all([deps.settings.get(), defaultPlan(deps.db)]);
      try {
        const user = await insertCustomer(deps.db, {
          email: input.email,
          username: input.username,
          passwordHash: await hashPassword(input.password),
          role: 'customer',
          status: settings.autoApprove ? 'active' : 'pending',
          firstName: input.first_name,
          lastName: input.last_name,
          phone: input.phone,
          countryCode: input.country_code,
          country: input.country,
          nationality: input.nationality,
          planId: plan?.id ?? null,
        });
        return presentUser(deps.db, user, deps.clock.now());
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        await assertUnique(input.email, input.username);
        throw new AppError('CONFLICT', REGISTRATION_MESSAGES.emailTaken);
      }
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
