import 'i18next';
import type { Catalogues } from './resources';

// Keys are checked against the English catalogues: a typo or a key no catalogue holds fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogues;
    returnNull: false;
  }
}
