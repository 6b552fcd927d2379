import type { Translation } from '../../types';
import type en from '../en/account';

/** Spanish catalogue: chat, admin chat, settings, personal, verification, marketplace, autotrader, diagnostics. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
