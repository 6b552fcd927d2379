import type { Translation } from '../../types';
import type en from '../en/common';

/** Spanish catalogue: app shell, shared components and lib. Same keys as English (the type checks it). */
export default {} satisfies Translation<typeof en>;
