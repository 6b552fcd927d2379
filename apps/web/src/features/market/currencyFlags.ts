// Flag artwork: flag-icons (MIT), the square (1x1) set, bundled as URLs for the currencies we list only.
import flagAe from 'flag-icons/flags/1x1/ae.svg?url';
import flagAu from 'flag-icons/flags/1x1/au.svg?url';
import flagBr from 'flag-icons/flags/1x1/br.svg?url';
import flagCa from 'flag-icons/flags/1x1/ca.svg?url';
import flagCh from 'flag-icons/flags/1x1/ch.svg?url';
import flagCl from 'flag-icons/flags/1x1/cl.svg?url';
import flagCn from 'flag-icons/flags/1x1/cn.svg?url';
import flagCo from 'flag-icons/flags/1x1/co.svg?url';
import flagCz from 'flag-icons/flags/1x1/cz.svg?url';
import flagDk from 'flag-icons/flags/1x1/dk.svg?url';
import flagEg from 'flag-icons/flags/1x1/eg.svg?url';
import flagEu from 'flag-icons/flags/1x1/eu.svg?url';
import flagGb from 'flag-icons/flags/1x1/gb.svg?url';
import flagHk from 'flag-icons/flags/1x1/hk.svg?url';
import flagHu from 'flag-icons/flags/1x1/hu.svg?url';
import flagId from 'flag-icons/flags/1x1/id.svg?url';
import flagIl from 'flag-icons/flags/1x1/il.svg?url';
import flagIn from 'flag-icons/flags/1x1/in.svg?url';
import flagIs from 'flag-icons/flags/1x1/is.svg?url';
import flagJp from 'flag-icons/flags/1x1/jp.svg?url';
import flagKe from 'flag-icons/flags/1x1/ke.svg?url';
import flagKr from 'flag-icons/flags/1x1/kr.svg?url';
import flagKw from 'flag-icons/flags/1x1/kw.svg?url';
import flagMx from 'flag-icons/flags/1x1/mx.svg?url';
import flagMy from 'flag-icons/flags/1x1/my.svg?url';
import flagNo from 'flag-icons/flags/1x1/no.svg?url';
import flagNz from 'flag-icons/flags/1x1/nz.svg?url';
import flagPe from 'flag-icons/flags/1x1/pe.svg?url';
import flagPh from 'flag-icons/flags/1x1/ph.svg?url';
import flagPl from 'flag-icons/flags/1x1/pl.svg?url';
import flagQa from 'flag-icons/flags/1x1/qa.svg?url';
import flagRo from 'flag-icons/flags/1x1/ro.svg?url';
import flagRu from 'flag-icons/flags/1x1/ru.svg?url';
import flagSa from 'flag-icons/flags/1x1/sa.svg?url';
import flagSe from 'flag-icons/flags/1x1/se.svg?url';
import flagSg from 'flag-icons/flags/1x1/sg.svg?url';
import flagTh from 'flag-icons/flags/1x1/th.svg?url';
import flagTr from 'flag-icons/flags/1x1/tr.svg?url';
import flagTw from 'flag-icons/flags/1x1/tw.svg?url';
import flagUs from 'flag-icons/flags/1x1/us.svg?url';
import flagZa from 'flag-icons/flags/1x1/za.svg?url';

/** Square flag images by ISO 3166 alpha-2 code in lower case, plus 'eu' for the euro. */
export const FLAG_URLS: Readonly<Record<string, string>> = {
  ae: flagAe,
  au: flagAu,
  br: flagBr,
  ca: flagCa,
  ch: flagCh,
  cl: flagCl,
  cn: flagCn,
  co: flagCo,
  cz: flagCz,
  dk: flagDk,
  eg: flagEg,
  eu: flagEu,
  gb: flagGb,
  hk: flagHk,
  hu: flagHu,
  id: flagId,
  il: flagIl,
  in: flagIn,
  is: flagIs,
  jp: flagJp,
  ke: flagKe,
  kr: flagKr,
  kw: flagKw,
  mx: flagMx,
  my: flagMy,
  no: flagNo,
  nz: flagNz,
  pe: flagPe,
  ph: flagPh,
  pl: flagPl,
  qa: flagQa,
  ro: flagRo,
  ru: flagRu,
  sa: flagSa,
  se: flagSe,
  sg: flagSg,
  th: flagTh,
  tr: flagTr,
  tw: flagTw,
  us: flagUs,
  za: flagZa,
};

/** Currencies whose country is not the code's first two letters. */
const CURRENCY_COUNTRY: Readonly<Record<string, string>> = { EUR: 'eu' };

/**
 * The flag of a currency ('USD' → the US flag, 'EUR' → the EU's, 'CNH' → China's), or null for
 * anything that is not a currency we have a flag for (metals, coins, tickers).
 */
export function currencyFlag(code: string | null | undefined): string | null {
  if (!code || !/^[A-Z]{3}$/.test(code)) return null;
  const country = CURRENCY_COUNTRY[code] ?? code.slice(0, 2).toLowerCase();
  return FLAG_URLS[country] ?? null;
}
