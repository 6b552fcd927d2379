import type { Translation } from '../../types';
import type en from '../en/trade';

/** Spanish catalogue: order form, positions, /trading. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
