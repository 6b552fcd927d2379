import type { Translation } from '../../types';
import type en from '../en/adminClients';

/** Spanish catalogue: back-office clients, content, staff, approvals. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
