import { type FieldLock, LOCKING_REQUIREMENTS, lockedFieldsFor } from '@openbroker/domain';
import type { DbOrTx } from '../accounts/repo.ts';
import { verifiedRequirementKinds } from './repo.ts';

/**
 * Where the personal page learns which requirements verification has confirmed. The verification
 * module may hand its own in (app.ts); the default reads its `verification_requirements` table.
 */
export interface VerifiedSource {
  verifiedRequirements(db: DbOrTx, userId: number): Promise<readonly string[]>;
}

/**
 * A verified requirement keeps its fields locked even once it expires: the customer then renews
 * the document, and a name changed in between would no longer match what was confirmed.
 */
export const tableVerifiedSource: VerifiedSource = {
  verifiedRequirements: (db, userId) => verifiedRequirementKinds(db, userId, LOCKING_REQUIREMENTS),
};

/** The customer's locked fields with the reason the customer reads. */
export async function lockedFields(source: VerifiedSource, db: DbOrTx, userId: number): Promise<FieldLock[]> {
  return lockedFieldsFor(await source.verifiedRequirements(db, userId));
}
