import type { Translation } from '../../types';
import type en from '../en/terminal';

/** Spanish catalogue: terminal, market, chart. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
