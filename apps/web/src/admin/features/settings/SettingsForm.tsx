import {
  LEVERAGE_CATEGORIES,
  LEVERAGE_MAX,
  REGISTRATION_PAGES,
  type SettingsImageKind,
  SITE_NAME_MAX,
  type SiteSettingsUpdate,
  type StaffSettings,
} from '@openbroker/domain';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { ImageField } from './ImageField';
import { localIssue } from './localIssue';
import {
  dirtyFields,
  fieldOfError,
  formValuesOf,
  leverageField,
  patchOf,
  type SettingsField,
  type SettingsFormValues,
  validatePatch,
} from './settingsForm';

/** The link fields in form order; their labels are `settings.links.<field>`. */
const LINKS = [
  'website_url',
  'header_link',
  'footer_link',
  'terms_link',
  'privacy_link',
  'risk_link',
  'help_link',
] as const satisfies readonly SettingsField[];

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

function Section(props: { title: string; description: string; children: ReactNode }) {
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="text-base">{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 sm:grid-cols-2 sm:px-6">{props.children}</CardContent>
    </Card>
  );
}

export interface SettingsFormProps {
  settings: StaffSettings;
  save: (patch: SiteSettingsUpdate) => Promise<StaffSettings>;
  upload: (kind: SettingsImageKind, file: File) => Promise<{ url: string }>;
}

/**
 * The site settings form (SPEC §1/§3 plus the staff-only fields): sends only the fields changed
 * since they were loaded, shows each error beside its field (the domain's checks first, then the
 * server's 422), and says when the change was saved.
 */
export function SettingsForm({ settings, save, upload }: SettingsFormProps) {
  const { t } = useTranslation('adminOps');
  const [initial, setInitial] = useState(() => formValuesOf(settings));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = useMemo(() => dirtyFields(initial, values), [initial, values]);

  // Someone else saved (the query refetched on admin.changed): take their values, keeping this form's edits.
  const [seen, setSeen] = useState(settings);
  if (settings !== seen) {
    setSeen(settings);
    const next = formValuesOf(settings);
    const edits = Object.fromEntries(dirty.map((f) => [f, values[f]]));
    setInitial(next);
    setValues({ ...next, ...edits } as SettingsFormValues);
  }

  const set = (field: SettingsField, value: string | boolean) => {
    setValues((v) => ({ ...v, [field]: value }) as SettingsFormValues);
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const isDirty = (f: SettingsField) => dirty.includes(f);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (dirty.length === 0) return;
    const patch = patchOf(values, dirty);
    const found = validatePatch(patch);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, localIssue(v)])));
      return;
    }
    setSaving(true);
    try {
      const saved = formValuesOf(await save(patch));
      setInitial(saved);
      setValues(saved);
      setErrors({});
      toast.success(t('settings.form.saved'));
    } catch (err) {
      const fieldErrors = apiFieldErrors(err);
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).map(([k, v]) => [fieldOfError(k), v[0] ?? t('shared.invalidValue')]),
        ),
      );
      setFailure(apiErrorMessage(err, t('settings.form.saveError')));
    } finally {
      setSaving(false);
    }
  }

  const text = (
    field: SettingsField,
    label: string,
    extra: { type?: string; placeholder?: string; hint?: string } = {},
  ) => {
    const id = `settings-${field}`;
    const error = errors[field];
    return (
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>
          {label}
          {isDirty(field) ? <span className="text-primary text-xs">{t('shared.changed')}</span> : null}
        </Label>
        <Input
          id={id}
          name={field}
          type={extra.type ?? 'text'}
          value={String(values[field])}
          placeholder={extra.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : extra.hint ? `${id}-hint` : undefined}
          onChange={(e) => set(field, e.target.value)}
        />
        {extra.hint && !error ? (
          <p id={`${id}-hint`} className="text-muted-foreground text-xs">
            {extra.hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="text-destructive text-xs">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const image = (kind: SettingsImageKind, label: string, hint: string, accept = IMAGE_ACCEPT) => (
    <ImageField
      id={`settings-${kind}`}
      label={label}
      hint={hint}
      accept={accept}
      value={values[kind]}
      error={errors[kind]}
      dirty={isDirty(kind)}
      upload={(file) => upload(kind, file)}
      onChange={(url) => set(kind, url)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 pb-20">
      <Section title={t('settings.form.branding')} description={t('settings.form.brandingDescription')}>
        <div className="sm:col-span-2">
          {text('name', t('settings.form.siteName'), {
            hint: t('settings.form.siteNameHint', { max: SITE_NAME_MAX }),
          })}
        </div>
        {image('logo', t('settings.form.logo'), t('settings.form.logoHint'))}
        {image('logo_sm', t('settings.form.smallLogo'), t('settings.form.smallLogoHint'))}
        {image(
          'favicon',
          t('settings.form.favicon'),
          t('settings.form.faviconHint'),
          `${IMAGE_ACCEPT},image/x-icon,.ico`,
        )}
      </Section>

      <Section title={t('settings.form.status')} description={t('settings.form.statusDescription')}>
        <div className="flex flex-col gap-2">
          <Label htmlFor="settings-status">
            {t('settings.form.siteStatus')}
            {isDirty('status') ? <span className="text-primary text-xs">{t('shared.changed')}</span> : null}
          </Label>
          <NativeSelect
            id="settings-status"
            value={values.status}
            aria-invalid={errors.status ? true : undefined}
            aria-describedby={errors.status ? 'settings-status-error' : undefined}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="active">{t('settings.form.active')}</option>
            <option value="disabled">{t('settings.form.disabled')}</option>
          </NativeSelect>
          {errors.status ? (
            <p id="settings-status-error" className="text-destructive text-xs">
              {errors.status}
            </p>
          ) : null}
        </div>
        {text('contactEmail', t('settings.form.contactEmail'), {
          type: 'email',
          // i18n-ignore: an example address
          placeholder: 'support@example.com',
        })}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="settings-maintenanceMessage">
            {t('settings.form.maintenanceMessage')}
            {isDirty('maintenanceMessage') ? (
              <span className="text-primary text-xs">{t('shared.changed')}</span>
            ) : null}
          </Label>
          <textarea
            id="settings-maintenanceMessage"
            value={values.maintenanceMessage}
            rows={3}
            aria-invalid={errors.maintenanceMessage ? true : undefined}
            aria-describedby={errors.maintenanceMessage ? 'settings-maintenanceMessage-error' : undefined}
            onChange={(e) => set('maintenanceMessage', e.target.value)}
            className="min-h-20 w-full rounded-md border border-input bg-background/60 px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive"
          />
          {errors.maintenanceMessage ? (
            <p id="settings-maintenanceMessage-error" className="text-destructive text-xs">
              {errors.maintenanceMessage}
            </p>
          ) : null}
        </div>
      </Section>

      <Section title={t('settings.form.links')} description={t('settings.form.linksDescription')}>
        {LINKS.map((field) => (
          <div key={field}>
            {text(field, t(`settings.links.${field}`), {
              type: 'url',
              // i18n-ignore: the start of an address
              placeholder: 'https://',
            })}
          </div>
        ))}
      </Section>
      <Section
        title={t('settings.form.registration')}
        description={t('settings.form.registrationDescription')}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="settings-r_page">
            {t('settings.form.registrationPage')}
            {isDirty('r_page') ? <span className="text-primary text-xs">{t('shared.changed')}</span> : null}
          </Label>
          <NativeSelect
            id="settings-r_page"
            value={values.r_page}
            aria-invalid={errors.r_page ? true : undefined}
            aria-describedby={errors.r_page ? 'settings-r_page-error' : undefined}
            onChange={(e) => set('r_page', e.target.value)}
          >
            {REGISTRATION_PAGES.map((p) => (
              <option key={p} value={p}>
                {t(`settings.rPage.${p}`)}
              </option>
            ))}
          </NativeSelect>
          {errors.r_page ? (
            <p id="settings-r_page-error" className="text-destructive text-xs">
              {errors.r_page}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3 self-end pb-2">
          <input
            id="settings-auto_approve"
            type="checkbox"
            className="size-4 accent-primary"
            checked={values.auto_approve}
            onChange={(e) => set('auto_approve', e.target.checked)}
          />
          <Label htmlFor="settings-auto_approve" className="font-normal">
            {t('settings.form.autoApprove')}
            {isDirty('auto_approve') ? (
              <span className="text-primary text-xs">{t('shared.changed')}</span>
            ) : null}
          </Label>
        </div>
      </Section>

      <Section
        title={t('settings.form.trading')}
        description={t('settings.form.tradingDescription', { max: LEVERAGE_MAX })}
      >
        <div className="grid grid-cols-2 gap-4 sm:col-span-2 md:grid-cols-3">
          {LEVERAGE_CATEGORIES.map((c) => (
            <div key={c}>
              {text(leverageField(c), t(`settings.category.${c}`), {
                type: 'number',
                placeholder: t('settings.form.notSet'),
              })}
            </div>
          ))}
        </div>
      </Section>

      <Section title={t('settings.form.accounts')} description={t('settings.form.accountsDescription')}>
        {text('account_currencies', t('settings.form.accountCurrencies'), {
          // i18n-ignore: currency codes
          placeholder: 'USD, EUR, GBP',
          hint: t('settings.form.accountCurrenciesHint'),
        })}
        {text('demo_balance', t('settings.form.demoBalance'), {
          type: 'number',
          hint: t('settings.form.demoBalanceHint'),
        })}
      </Section>
      <Section title={t('settings.form.money')} description={t('settings.form.moneyDescription')}>
        {text('four_eyes_threshold', t('settings.form.fourEyes'), {
          type: 'number',
          hint: t('settings.form.fourEyesHint'),
        })}
        {text('withdrawal_two_level_threshold', t('settings.form.twoLevel'), {
          type: 'number',
          hint: t('settings.form.twoLevelHint'),
        })}
      </Section>

      {failure ? <Alert variant="destructive">{failure}</Alert> : null}

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
        <p className="me-auto text-muted-foreground text-sm" role="status">
          {dirty.length === 0
            ? t('settings.form.noChanges')
            : t('settings.form.unsaved', { count: dirty.length })}
        </p>
        <Button
          type="button"
          variant="ghost"
          disabled={dirty.length === 0 || saving}
          onClick={() => {
            setValues(initial);
            setErrors({});
            setFailure(null);
          }}
        >
          {t('settings.form.discard')}
        </Button>
        <Button type="submit" disabled={dirty.length === 0 || saving}>
          {saving ? t('shared.saving') : t('settings.form.save')}
        </Button>
      </div>
    </form>
  );
}
