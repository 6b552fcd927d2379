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
import { toast } from 'sonner';
import { apiErrorMessage, apiFieldErrors } from '@/api/errors';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { ImageField } from './ImageField';
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

const LINKS: ReadonlyArray<[SettingsField, string]> = [
  ['website_url', 'Website'],
  ['header_link', 'Header link'],
  ['footer_link', 'Footer link'],
  ['terms_link', 'Terms and conditions'],
  ['privacy_link', 'Privacy policy'],
  ['risk_link', 'Risk disclosure'],
  ['help_link', 'Help centre'],
];
const R_PAGE_LABELS: Record<string, string> = {
  basic: 'Basic: e-mail, password and name',
  ic: 'IC: introducing-client form',
  td: 'TD: with the trading benefits panel',
};
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const CATEGORY_LABELS: Record<string, string> = {
  cryptos: 'Crypto',
  stocks: 'Stocks',
  indices: 'Indices',
  commodities: 'Commodities',
  metals: 'Metals',
  forex: 'Forex',
};

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
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const saved = formValuesOf(await save(patch));
      setInitial(saved);
      setValues(saved);
      setErrors({});
      toast.success('Site settings saved.');
    } catch (err) {
      const fieldErrors = apiFieldErrors(err);
      setErrors(
        Object.fromEntries(
          Object.entries(fieldErrors).map(([k, v]) => [fieldOfError(k), v[0] ?? 'Invalid value']),
        ),
      );
      setFailure(apiErrorMessage(err, 'The settings were not saved. Try again.'));
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
          {isDirty(field) ? <span className="text-primary text-xs">(changed)</span> : null}
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
      <Section
        title="Branding"
        description="The name and images customers see on every page and in the browser tab."
      >
        <div className="sm:col-span-2">
          {text('name', 'Site name', {
            hint: `Shown on the login page and the loading screen; at most ${SITE_NAME_MAX} characters.`,
          })}
        </div>
        {image('logo', 'Logo', 'PNG, JPEG, WebP or GIF, at most 1 MB. Shown in the header.')}
        {image(
          'logo_sm',
          'Small logo',
          'PNG, JPEG, WebP or GIF, at most 1 MB. Used where space is tight (phones).',
        )}
        {image(
          'favicon',
          'Favicon',
          'ICO, PNG, JPEG, WebP or GIF, at most 256 KB.',
          `${IMAGE_ACCEPT},image/x-icon,.ico`,
        )}
      </Section>

      <Section
        title="Status"
        description="Disabling the site shows customers the maintenance screen with your message."
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="settings-status">
            Site status
            {isDirty('status') ? <span className="text-primary text-xs">(changed)</span> : null}
          </Label>
          <NativeSelect
            id="settings-status"
            value={values.status}
            aria-invalid={errors.status ? true : undefined}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="active">Active</option>
            <option value="disabled">Disabled (maintenance)</option>
          </NativeSelect>
          {errors.status ? <p className="text-destructive text-xs">{errors.status}</p> : null}
        </div>
        {text('contactEmail', 'Contact e-mail', { type: 'email', placeholder: 'support@example.com' })}
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="settings-maintenanceMessage">
            Maintenance message
            {isDirty('maintenanceMessage') ? <span className="text-primary text-xs">(changed)</span> : null}
          </Label>
          <textarea
            id="settings-maintenanceMessage"
            value={values.maintenanceMessage}
            rows={3}
            aria-invalid={errors.maintenanceMessage ? true : undefined}
            onChange={(e) => set('maintenanceMessage', e.target.value)}
            className="min-h-20 w-full rounded-md border border-input bg-background/60 px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 aria-invalid:border-destructive"
          />
          {errors.maintenanceMessage ? (
            <p className="text-destructive text-xs">{errors.maintenanceMessage}</p>
          ) : null}
        </div>
      </Section>

      <Section title="Links" description="Full http(s) addresses; leave a field empty to hide its link.">
        {LINKS.map(([field, label]) => (
          <div key={field}>{text(field, label, { type: 'url', placeholder: 'https://' })}</div>
        ))}
      </Section>

      <Section
        title="Registration"
        description="Which sign-up form new customers get, and whether they need approval."
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="settings-r_page">
            Registration page
            {isDirty('r_page') ? <span className="text-primary text-xs">(changed)</span> : null}
          </Label>
          <NativeSelect
            id="settings-r_page"
            value={values.r_page}
            onChange={(e) => set('r_page', e.target.value)}
          >
            {REGISTRATION_PAGES.map((p) => (
              <option key={p} value={p}>
                {R_PAGE_LABELS[p] ?? p}
              </option>
            ))}
          </NativeSelect>
          {errors.r_page ? <p className="text-destructive text-xs">{errors.r_page}</p> : null}
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
            Approve new customers automatically
            {isDirty('auto_approve') ? <span className="text-primary text-xs">(changed)</span> : null}
          </Label>
        </div>
      </Section>

      <Section
        title="Trading"
        description={`Leverage per market category (1–${LEVERAGE_MAX}). Leave a category empty to use each instrument's own leverage, then the customer's plan.`}
      >
        <div className="grid grid-cols-2 gap-4 sm:col-span-2 md:grid-cols-3">
          {LEVERAGE_CATEGORIES.map((c) => (
            <div key={c}>
              {text(leverageField(c), CATEGORY_LABELS[c] ?? c, { type: 'number', placeholder: 'Not set' })}
            </div>
          ))}
        </div>
      </Section>

      <Section
        title="Accounts"
        description="What customers may open besides their first account: live accounts in these currencies, and demo accounts with virtual funds."
      >
        {text('account_currencies', 'Account currencies', {
          placeholder: 'USD, EUR, GBP',
          hint: 'Three-letter codes separated by commas; at least one.',
        })}
        {text('demo_balance', 'Demo balance', {
          type: 'number',
          hint: 'Virtual funds of a new or reset demo account, in its currency.',
        })}
      </Section>

      <Section
        title="Money"
        description="Staff approvals: amounts (in US dollars, or the equivalent) from which a second staff member must approve."
      >
        {text('four_eyes_threshold', 'Four-eyes threshold (USD)', {
          type: 'number',
          hint: 'Balance and credit adjustments of at least this much. 0 sends every adjustment for approval.',
        })}
        {text('withdrawal_two_level_threshold', 'Two-level withdrawal threshold (USD)', {
          type: 'number',
          hint: 'Withdrawals of at least this much need two approvals by different staff.',
        })}
      </Section>

      {failure ? <Alert variant="destructive">{failure}</Alert> : null}

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
        <p className="mr-auto text-muted-foreground text-sm" aria-live="polite">
          {dirty.length === 0
            ? 'No unsaved changes'
            : `${dirty.length} unsaved change${dirty.length === 1 ? '' : 's'}`}
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
          Discard
        </Button>
        <Button type="submit" disabled={dirty.length === 0 || saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
