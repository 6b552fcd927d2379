/** A country in the registration selects (SPEC §3 "Country list"): hyphenated slug, label, flag. */
export interface Country {
  value: string;
  label: string;
  code: string;
  flag: string;
}

/** The registration country list, sorted by label (SPEC §3: about 46 entries). */
export const COUNTRIES: readonly Country[] = [
  { value: 'argentina', label: 'Argentina', code: 'AR', flag: '🇦🇷' },
  { value: 'australia', label: 'Australia', code: 'AU', flag: '🇦🇺' },
  { value: 'austria', label: 'Austria', code: 'AT', flag: '🇦🇹' },
  { value: 'belgium', label: 'Belgium', code: 'BE', flag: '🇧🇪' },
  { value: 'brazil', label: 'Brazil', code: 'BR', flag: '🇧🇷' },
  { value: 'bulgaria', label: 'Bulgaria', code: 'BG', flag: '🇧🇬' },
  { value: 'canada', label: 'Canada', code: 'CA', flag: '🇨🇦' },
  { value: 'chile', label: 'Chile', code: 'CL', flag: '🇨🇱' },
  { value: 'china', label: 'China', code: 'CN', flag: '🇨🇳' },
  { value: 'colombia', label: 'Colombia', code: 'CO', flag: '🇨🇴' },
  { value: 'croatia', label: 'Croatia', code: 'HR', flag: '🇭🇷' },
  { value: 'cyprus', label: 'Cyprus', code: 'CY', flag: '🇨🇾' },
  { value: 'czech-republic', label: 'Czech Republic', code: 'CZ', flag: '🇨🇿' },
  { value: 'denmark', label: 'Denmark', code: 'DK', flag: '🇩🇰' },
  { value: 'egypt', label: 'Egypt', code: 'EG', flag: '🇪🇬' },
  { value: 'finland', label: 'Finland', code: 'FI', flag: '🇫🇮' },
  { value: 'france', label: 'France', code: 'FR', flag: '🇫🇷' },
  { value: 'germany', label: 'Germany', code: 'DE', flag: '🇩🇪' },
  { value: 'ghana', label: 'Ghana', code: 'GH', flag: '🇬🇭' },
  { value: 'greece', label: 'Greece', code: 'GR', flag: '🇬🇷' },
  { value: 'hong-kong', label: 'Hong Kong', code: 'HK', flag: '🇭🇰' },
  { value: 'hungary', label: 'Hungary', code: 'HU', flag: '🇭🇺' },
  { value: 'india', label: 'India', code: 'IN', flag: '🇮🇳' },
  { value: 'indonesia', label: 'Indonesia', code: 'ID', flag: '🇮🇩' },
  { value: 'ireland', label: 'Ireland', code: 'IE', flag: '🇮🇪' },
  { value: 'italy', label: 'Italy', code: 'IT', flag: '🇮🇹' },
  { value: 'japan', label: 'Japan', code: 'JP', flag: '🇯🇵' },
  { value: 'kenya', label: 'Kenya', code: 'KE', flag: '🇰🇪' },
  { value: 'malaysia', label: 'Malaysia', code: 'MY', flag: '🇲🇾' },
  { value: 'mexico', label: 'Mexico', code: 'MX', flag: '🇲🇽' },
  { value: 'netherlands', label: 'Netherlands', code: 'NL', flag: '🇳🇱' },
  { value: 'new-zealand', label: 'New Zealand', code: 'NZ', flag: '🇳🇿' },
  { value: 'nigeria', label: 'Nigeria', code: 'NG', flag: '🇳🇬' },
  { value: 'norway', label: 'Norway', code: 'NO', flag: '🇳🇴' },
  { value: 'philippines', label: 'Philippines', code: 'PH', flag: '🇵🇭' },
  { value: 'poland', label: 'Poland', code: 'PL', flag: '🇵🇱' },
  { value: 'portugal', label: 'Portugal', code: 'PT', flag: '🇵🇹' },
  { value: 'romania', label: 'Romania', code: 'RO', flag: '🇷🇴' },
  { value: 'saudi-arabia', label: 'Saudi Arabia', code: 'SA', flag: '🇸🇦' },
  { value: 'singapore', label: 'Singapore', code: 'SG', flag: '🇸🇬' },
  { value: 'south-africa', label: 'South Africa', code: 'ZA', flag: '🇿🇦' },
  { value: 'spain', label: 'Spain', code: 'ES', flag: '🇪🇸' },
  { value: 'sweden', label: 'Sweden', code: 'SE', flag: '🇸🇪' },
  { value: 'switzerland', label: 'Switzerland', code: 'CH', flag: '🇨🇭' },
  { value: 'united-arab-emirates', label: 'United Arab Emirates', code: 'AE', flag: '🇦🇪' },
  { value: 'united-kingdom', label: 'United Kingdom', code: 'GB', flag: '🇬🇧' },
  { value: 'united-states', label: 'United States', code: 'US', flag: '🇺🇸' },
];

/** SPEC §9: the sign-up country falls back to this slug (underscore, unlike the list's hyphens). */
export const FALLBACK_COUNTRY_SLUG = 'united_states';

const SLUG_BY_CODE: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.code, c.value]));

/** Maps the email check's two-letter code (US when absent) to a known slug, else the SPEC fallback. */
export function countrySlugFromCode(code: string | null | undefined): string {
  return SLUG_BY_CODE.get((code || 'US').toUpperCase()) ?? FALLBACK_COUNTRY_SLUG;
}

/** The select's default: the slug from the sign-up step when it is in the list, else united-states. */
export function defaultCountryValue(slug: string | null | undefined): string {
  return COUNTRIES.some((c) => c.value === slug) ? (slug as string) : 'united-states';
}

/** The basic form's own short country list (SPEC §3). */
export const BASIC_FORM_COUNTRIES = [
  { value: 'nigeria', label: 'Nigeria' },
  { value: 'uk', label: 'United Kingdom' },
  { value: 'us', label: 'United States' },
  { value: 'ca', label: 'Canada' },
  { value: 'au', label: 'Australia' },
] as const;
