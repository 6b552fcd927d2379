import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { supportsFlagEmoji } from '@/lib/flagEmoji';
import { DIAL_CODE_OPTIONS, dialCodeLabel } from './dialCodes';

/** The phone number's country code (SPEC §3 country_code, default '+1'). */
export function DialCodeSelect(props: Omit<ComponentProps<'select'>, 'children'>) {
  const flags = supportsFlagEmoji();
  const { t } = useTranslation('auth');
  return (
    <NativeSelect aria-label={t('register.dialCode')} {...props}>
      {DIAL_CODE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {dialCodeLabel(option, flags)}
        </option>
      ))}
    </NativeSelect>
  );
}
