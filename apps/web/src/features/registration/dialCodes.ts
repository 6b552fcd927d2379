import { COUNTRIES, DEFAULT_COUNTRY_CODE } from '@openbroker/domain';

/** International dialling codes of the countries in SPEC §3's list, by two-letter code. */
const DIAL_CODE_BY_COUNTRY: Readonly<Record<string, string>> = {
  AR: '+54',
  AU: '+61',
  AT: '+43',
  BE: '+32',
  BR: '+55',
  BG: '+359',
  CA: '+1',
  CL: '+56',
  CN: '+86',
  CO: '+57',
  HR: '+385',
  CY: '+357',
  CZ: '+420',
  DK: '+45',
  EG: '+20',
  FI: '+358',
  FR: '+33',
  DE: '+49',
  GH: '+233',
  GR: '+30',
  HK: '+852',
  HU: '+36',
  IN: '+91',
  ID: '+62',
  IE: '+353',
  IT: '+39',
  JP: '+81',
  KE: '+254',
  MY: '+60',
  MX: '+52',
  NL: '+31',
  NZ: '+64',
  NG: '+234',
  NO: '+47',
  PH: '+63',
  PL: '+48',
  PT: '+351',
  RO: '+40',
  SA: '+966',
  SG: '+65',
  ZA: '+27',
  ES: '+34',
  SE: '+46',
  CH: '+41',
  AE: '+971',
  GB: '+44',
  US: '+1',
};

export interface DialCodeOption {
  value: string;
  /** Two-letter code of the country the option is shown with. */
  code: string;
  flag: string;
  /** Spoken name, e.g. "United States +1". */
  name: string;
}

/**
 * One option per dialling code: SPEC §9's default '+1' (shown with the US flag) first, then the
 * others in the country list's order. Codes shared by several countries appear once.
 */
export const DIAL_CODE_OPTIONS: readonly DialCodeOption[] = (() => {
  const seen = new Set<string>();
  const options: DialCodeOption[] = [];
  const ordered = [
    ...COUNTRIES.filter((c) => DIAL_CODE_BY_COUNTRY[c.code] === DEFAULT_COUNTRY_CODE && c.code === 'US'),
    ...COUNTRIES,
  ];
  for (const country of ordered) {
    const dial = DIAL_CODE_BY_COUNTRY[country.code];
    if (!dial || seen.has(dial)) continue;
    seen.add(dial);
    options.push({ value: dial, code: country.code, flag: country.flag, name: `${country.label} ${dial}` });
  }
  return options;
})();

/** The option's text: the flag where the browser draws flag emoji, else the country's letters. */
export function dialCodeLabel(option: DialCodeOption, flags: boolean): string {
  return `${flags ? option.flag : option.code} ${option.value}`;
}
