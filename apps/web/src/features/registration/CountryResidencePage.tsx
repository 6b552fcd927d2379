import { DEFAULT_SITE_NAME, defaultCountryValue, REGISTRATION_MESSAGES } from '@openbroker/domain';
import { ArrowRight, Landmark } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/PageHeading';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/Card';
import { Label } from '@/components/ui/Label';
import { localizeMessage } from '@/lib/validationMessage';
import { useSettingsStore } from '@/stores/settingsStore';
import { CountrySelect } from './CountrySelect';
import { type RegistrationDraft, readDraft, updateDraft } from './draft';
import { RedirectToSignup } from './RedirectToSignup';
import { RegistrationShell } from './RegistrationShell';
import { RegistrationSteps } from './RegistrationSteps';

export const REGISTER_PATH = '/register';

/** `/register/country-residence`: registration step 2 (SPEC §2). */
export function CountryResidencePage() {
  // Read once: the draft is this page's input, not something to watch.
  const [draft] = useState(readDraft);
  if (!draft) return <RedirectToSignup />;
  return (
    <RegistrationShell>
      <CountryResidenceForm draft={draft} />
    </RegistrationShell>
  );
}

function CountryResidenceForm({ draft }: { draft: RegistrationDraft }) {
  const navigate = useNavigate();
  const { t } = useTranslation('auth');
  const siteName = useSettingsStore((s) => s.settings?.name) || DEFAULT_SITE_NAME;
  const privacyLink = useSettingsStore((s) => s.settings?.privacy_link)?.trim();
  const [residence, setResidence] = useState(() =>
    defaultCountryValue(draft.countryOfResidence ?? draft.country),
  );
  const [nationality, setNationality] = useState(() =>
    defaultCountryValue(draft.nationality ?? draft.country),
  );
  const [agreed, setAgreed] = useState(draft.agreePrivacy === true);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!agreed) {
      setError(localizeMessage(REGISTRATION_MESSAGES.privacy));
      return;
    }
    updateDraft({ countryOfResidence: residence, nationality, agreePrivacy: true });
    void navigate(REGISTER_PATH);
  };

  return (
    <Card className="shadow-xl shadow-black/30">
      <CardHeader className="gap-5">
        <RegistrationSteps current={0} />
        <div className="flex flex-col gap-1.5">
          <PageHeading title={t('country.title')} className="leading-none" />
          <CardDescription>{t('country.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <form
          data-testid="country-residence-form"
          noValidate
          onSubmit={onSubmit}
          className="flex flex-col gap-5"
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor="country-of-residence">{t('country.residence')}</Label>
            <CountrySelect
              id="country-of-residence"
              name="countryOfResidence"
              value={residence}
              onChange={(e) => setResidence(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="nationality">{t('register.nationality')}</Label>
            <CountrySelect
              id="nationality"
              name="nationality"
              value={nationality}
              onChange={(e) => setNationality(e.target.value)}
            />
          </div>

          <aside
            data-testid="regulator-disclosure"
            className="flex gap-3 rounded-lg border bg-muted/40 p-3 text-xs leading-relaxed text-muted-foreground"
          >
            <Landmark className="mt-0.5 size-4 shrink-0 text-info" aria-hidden="true" />
            <p>{t('country.regulator', { siteName })}</p>
          </aside>

          <div className="flex flex-col gap-2">
            <div className="flex items-start gap-3">
              <input
                id="agree-privacy"
                data-testid="privacy-checkbox"
                type="checkbox"
                name="agreePrivacy"
                checked={agreed}
                onChange={(e) => {
                  setAgreed(e.target.checked);
                  if (e.target.checked) setError(null);
                }}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'agree-privacy-error' : undefined}
                className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
              />
              <label htmlFor="agree-privacy" className="cursor-pointer text-sm leading-snug">
                <Trans
                  t={t}
                  i18nKey="country.agree"
                  components={{
                    policy: privacyLink ? (
                      // biome-ignore lint/a11y/useAnchorContent: Trans puts the link text inside.
                      <a
                        href={privacyLink}
                        target="_blank"
                        rel="noreferrer"
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      />
                    ) : (
                      <span />
                    ),
                  }}
                />
              </label>
            </div>
            {error ? (
              <Alert id="agree-privacy-error" variant="destructive" description={error} className="py-2" />
            ) : null}
          </div>

          <Button data-testid="continue-button" type="submit" size="lg" className="w-full" disabled={!agreed}>
            {t('country.continue')}
            <ArrowRight className="rtl:-scale-x-100" aria-hidden="true" />
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
