import {
  REQUIREMENT_KINDS,
  type RequirementKind,
  type VerificationSettings,
  verificationSettingsSchema,
} from '@openbroker/domain';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { localIssue } from '../settings/localIssue';
import { useSaveVerificationSettings, useVerificationSettings } from './queries';

/** Staff's verification settings: the approval gate, four eyes, submissions, and each level. */
export function SettingsPanel({ editable }: { editable: boolean }) {
  const { t } = useTranslation('adminOps');
  const id = useId();
  const query = useVerificationSettings();
  const save = useSaveVerificationSettings();
  const [draft, setDraft] = useState<VerificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  if (!draft) return null;

  const setLevel = (i: number, patch: Partial<VerificationSettings['levels'][number]>) =>
    setDraft({ ...draft, levels: draft.levels.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const toggleRequire = (i: number, k: RequirementKind, on: boolean) => {
    const l = draft.levels[i];
    if (!l) return;
    setLevel(i, { requires: on ? [...l.requires, k] : l.requires.filter((x) => x !== k) });
  };

  function onSave() {
    const parsed = verificationSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? localIssue(issue) : t('verification.settings.checkSettings'));
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('verification.settings.saved')),
      onError: (e) => setError(apiErrorMessage(e, t('verification.settings.saveError'))),
    });
  }

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="text-base">{t('verification.settings.title')}</CardTitle>
        <CardDescription>
          {editable ? t('verification.settings.description') : t('verification.settings.readOnly')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 px-5">
        <fieldset disabled={!editable || save.isPending} className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.approval_requires_verification}
                onChange={(e) => setDraft({ ...draft, approval_requires_verification: e.target.checked })}
              />
              {t('verification.settings.approvalGate')}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.four_eyes}
                onChange={(e) => setDraft({ ...draft, four_eyes: e.target.checked })}
              />
              {t('verification.settings.fourEyes')}
            </label>
          </div>
          <div className="flex w-48 flex-col gap-1.5">
            <Label htmlFor={`${id}-max`}>{t('verification.settings.maxSubmissions')}</Label>
            <Input
              id={`${id}-max`}
              type="number"
              min={1}
              max={20}
              value={draft.max_submissions}
              onChange={(e) => setDraft({ ...draft, max_submissions: Number(e.target.value) })}
            />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('verification.settings.levelsCaption')}</caption>
              <thead className="text-start text-muted-foreground text-xs uppercase">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    {t('verification.settings.colLevel')}
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t('verification.settings.colName')}
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t('verification.settings.colRequires')}
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t('verification.settings.colDepositLimit')}
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t('verification.settings.colWithdrawals')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.levels.map((l, i) => (
                  <tr key={l.level} className="border-t align-top">
                    <th scope="row" className="px-2 py-2 text-start font-normal">
                      {l.level}
                    </th>
                    <td className="px-2 py-2">
                      <Input
                        aria-label={t('verification.settings.levelName', { level: l.level })}
                        value={l.name}
                        onChange={(e) => setLevel(i, { name: e.target.value })}
                      />
                    </td>
                    <td className="px-2 py-2">
                      <div className="flex flex-col gap-1">
                        {REQUIREMENT_KINDS.map((k) => (
                          <label key={k} className="flex items-center gap-2 whitespace-nowrap">
                            <input
                              type="checkbox"
                              aria-label={t('verification.settings.levelRequirement', {
                                requirement: t(`labels.requirement.${k}`),
                                level: l.level,
                              })}
                              checked={l.requires.includes(k)}
                              onChange={(e) => toggleRequire(i, k, e.target.checked)}
                            />
                            {t(`labels.requirement.${k}`)}
                          </label>
                        ))}
                      </div>
                    </td>
                    <td className="px-2 py-2">
                      <Input
                        aria-label={t('verification.settings.levelDepositLimit', { level: l.level })}
                        type="number"
                        min={0}
                        value={l.deposit_limit_usd ?? ''}
                        onChange={(e) =>
                          setLevel(i, {
                            deposit_limit_usd: e.target.value === '' ? null : Number(e.target.value),
                          })
                        }
                      />
                    </td>
                    <td className="px-2 py-2">
                      <input
                        type="checkbox"
                        aria-label={t('verification.settings.levelWithdrawals', { level: l.level })}
                        checked={l.withdrawals}
                        onChange={(e) => setLevel(i, { withdrawals: e.target.checked })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </fieldset>
        {error ? (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        ) : null}
        {editable ? (
          <div>
            <Button onClick={onSave} disabled={save.isPending}>
              {t('verification.settings.save')}
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
