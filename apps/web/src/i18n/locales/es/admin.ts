import type { Translation } from '../../types';
import type en from '../en/admin';

/** Spanish catalogue: back-office shell, components, advisors, audit, dashboard. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
