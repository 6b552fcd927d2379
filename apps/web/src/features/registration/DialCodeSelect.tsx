import type { ComponentProps } from 'react';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { supportsFlagEmoji } from '@/lib/flagEmoji';
import { DIAL_CODE_OPTIONS, dialCodeLabel } from './dialCodes';

/** The phone number's country code (SPEC §3 country_code, default '+1'). */
export function DialCodeSelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  const flags = supportsFlagEmoji();
  return (
    <NativeSelect aria-label="Phone country code" {...props}>
      {DIAL_CODE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value} aria-label={option.name}>
          {dialCodeLabel(option, flags)}
        </option>
      ))}
    </NativeSelect>
  );
}
