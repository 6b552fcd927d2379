import type { Translation } from '../../types';
import type en from '../en/adminOps';

/** Spanish catalogue: back-office instruments, plans, verification, deposits, settings, withdrawals, payments, savings. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
