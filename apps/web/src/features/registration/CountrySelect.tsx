import { COUNTRIES } from '@openbroker/domain';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { supportsFlagEmoji } from '@/lib/flagEmoji';
import { regionName } from '@/lib/regionName';

/**
 * A select over SPEC §3's country list, each option with its flag where the browser can draw flag
 * emoji (elsewhere the bare names read better than letter pairs or empty boxes).
 */
export function CountrySelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  const flags = supportsFlagEmoji();
  // Re-renders on a language change, so the names follow it.
  useTranslation('auth');
  return (
    <NativeSelect {...props}>
      {COUNTRIES.map((country) => (
        <option key={country.value} value={country.value}>
          {flags
            ? `${country.flag} ${regionName(country.code, country.label)}`
            : regionName(country.code, country.label)}
        </option>
      ))}
    </NativeSelect>
  );
}
