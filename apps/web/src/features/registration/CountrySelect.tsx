import { COUNTRIES } from '@openbroker/domain';
import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { supportsFlagEmoji } from '@/lib/flagEmoji';

/**
 * A select over SPEC §3's country list, each option with its flag where the browser can draw flag
 * emoji (elsewhere the bare names read better than letter pairs or empty boxes).
 */
export function CountrySelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  const flags = supportsFlagEmoji();
  return (
    <NativeSelect {...props}>
      {COUNTRIES.map((country) => (
        <option key={country.value} value={country.value}>
          {flags ? `${country.flag} ${country.label}` : country.label}
        </option>
      ))}
    </NativeSelect>
  );
}
