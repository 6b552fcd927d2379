import { LANGUAGES, NOTIFICATION_KINDS, type PreferencesUpdate } from '@openbroker/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@/api/errors';
import { ThemeSelect } from '@/components/ThemeSelect';
import { Alert } from '@/components/ui/Alert';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { useAccountCurrency, useCurrencies } from '@/features/money/useMoney';
import { usePreferencesStore } from '@/stores/preferencesStore';
import { CardHeading } from './CardHeading';
import { savePreferences, securityKeys } from './securityApi';
import { applyPreferences } from './usePreferencesSync';

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** Display currency, sounds, notification kinds, language and time zone; saved on change. */
export function PreferencesCard() {
  const { t } = useTranslation('account');
  const prefs = usePreferencesStore((s) => s.prefs);
  const currencies = useCurrencies();
  const accountCurrency = useAccountCurrency();
  const zones = useMemo(timeZones, []);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (update: PreferencesUpdate) => savePreferences(update),
    onMutate: (update) => applyPreferences({ ...usePreferencesStore.getState().prefs, ...update }),
    onSuccess: (saved) => {
      applyPreferences(saved);
      queryClient.setQueryData(securityKeys.preferences, saved);
    },
  });
  const ids = {
    currency: useId(),
    sounds: useId(),
    language: useId(),
    theme: useId(),
    zone: useId(),
    kinds: useId(),
  };
  const chosen = prefs.display_currency;
  const codes = currencies.map((c) => c.code);
  if (chosen && !codes.includes(chosen)) codes.unshift(chosen);

  return (
    <Card>
      <CardHeader>
        <CardHeading>{t('settings.prefs.title')}</CardHeading>
        <CardDescription>{t('settings.prefs.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {save.isError ? (
          <Alert
            variant="destructive"
            description={apiErrorMessage(save.error, t('settings.prefs.failed'))}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.currency}>{t('settings.prefs.currency')}</Label>
            <NativeSelect
              id={ids.currency}
              value={chosen ?? ''}
              onChange={(e) => save.mutate({ display_currency: e.target.value || null })}
            >
              {/* No choice: every amount in its own account's currency (issue 14). */}
              <option value="">{t('settings.prefs.accountCurrency', { currency: accountCurrency })}</option>
              {codes.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.language}>{t('settings.prefs.language')}</Label>
            <NativeSelect
              id={ids.language}
              value={prefs.language}
              onChange={(e) =>
                save.mutate({ language: e.target.value as (typeof LANGUAGES)[number]['code'] })
              }
            >
              {/* Each language under its own name ("English", "Español"), as language pickers show them. */}
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code} lang={l.code}>
                  {l.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.theme}>{t('settings.prefs.theme')}</Label>
            <ThemeSelect id={ids.theme} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.zone}>{t('settings.prefs.zone')}</Label>
            <NativeSelect
              id={ids.zone}
              value={prefs.time_zone ?? ''}
              onChange={(e) => save.mutate({ time_zone: e.target.value || null })}
            >
              <option value="">{t('settings.prefs.deviceZone')}</option>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll('_', ' ')}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <input
            id={ids.sounds}
            type="checkbox"
            className="size-4"
            checked={prefs.sounds}
            onChange={(e) => save.mutate({ sounds: e.target.checked })}
          />
          <Label htmlFor={ids.sounds}>{t('settings.prefs.sounds')}</Label>
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">{t('settings.prefs.kinds')}</legend>
          {NOTIFICATION_KINDS.map((kind) => (
            <div key={kind} className="flex items-center gap-2">
              <input
                id={`${ids.kinds}-${kind}`}
                type="checkbox"
                className="size-4"
                checked={prefs.notification_kinds[kind]}
                onChange={(e) =>
                  save.mutate({
                    notification_kinds: { ...prefs.notification_kinds, [kind]: e.target.checked },
                  })
                }
              />
              <Label htmlFor={`${ids.kinds}-${kind}`}>{t(`settings.prefs.kind.${kind}`)}</Label>
            </div>
          ))}
          <p className="text-xs text-muted-foreground">{t('settings.prefs.kindsHint')}</p>
        </fieldset>
      </CardContent>
    </Card>
  );
}
