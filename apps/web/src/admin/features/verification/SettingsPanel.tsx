import {
  REQUIREMENT_KINDS,
  REQUIREMENT_LABELS,
  type RequirementKind,
  type VerificationSettings,
  verificationSettingsSchema,
} from '@openbroker/domain';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { apiErrorMessage } from '@/api/errors';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { useSaveVerificationSettings, useVerificationSettings } from './queries';

/** Staff's verification settings: the approval gate, four eyes, submissions, and each level. */
export function SettingsPanel({ editable }: { editable: boolean }) {
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
      setError(parsed.error.issues[0]?.message ?? 'Check the settings.');
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Verification settings saved'),
      onError: (e) => setError(apiErrorMessage(e, 'The settings could not be saved.')),
    });
  }

  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="text-base">Settings</CardTitle>
        <CardDescription>
          {editable
            ? 'Levels and how verification decisions are taken.'
            : 'Read only: changing them needs settings.write.'}
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
              Approval of new customers waits for verification (level 1)
            </label>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.four_eyes}
                onChange={(e) => setDraft({ ...draft, four_eyes: e.target.checked })}
              />
              Four eyes: a second staff member confirms each approval
            </label>
          </div>
          <div className="flex w-48 flex-col gap-1.5">
            <Label htmlFor={`${id}-max`}>Submissions per requirement</Label>
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
              <caption className="sr-only">Verification levels</caption>
              <thead className="text-left text-muted-foreground text-xs uppercase">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Level
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Name
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Requires verified
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Deposit limit (USD, empty: none)
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Withdrawals
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.levels.map((l, i) => (
                  <tr key={l.level} className="border-t align-top">
                    <td className="px-2 py-2">{l.level}</td>
                    <td className="px-2 py-2">
                      <Input
                        aria-label={`Name of level ${l.level}`}
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
                              checked={l.requires.includes(k)}
                              onChange={(e) => toggleRequire(i, k, e.target.checked)}
                            />
                            {REQUIREMENT_LABELS[k]}
                          </label>
                        ))}
                      </div>
                    </td>
                    <td className="px-2 py-2">
                      <Input
                        aria-label={`Deposit limit of level ${l.level} in USD`}
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
                        aria-label={`Withdrawals at level ${l.level}`}
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
              Save settings
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
