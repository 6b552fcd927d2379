import { AUTOTRADER_LEVELS, type AutoTraderLevel } from '@openbroker/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/Dialog';
import { useRefreshUser } from '@/features/accounts/useRefreshUser';
import enAccount from '@/i18n/locales/en/account';
import { cn } from '@/lib/utils';
import { requestAutoTrader } from './autotraderApi';
import { autoTraderErrorMessage } from './autotraderErrors';
import { AUTOTRADER_MESSAGES, autoTraderLevelText, DEFAULT_AUTOTRADER_LEVEL } from './autotraderText';

/** The Accept box's English wording (the form shows `autotrader.form.accept` in the reader's language). */
export const ACCEPT_LABEL: string = enAccount.autotrader.form.accept;

/**
 * SPEC §4 AutoTrader: pick a risk level (medium unless changed), tick Accept, Activate. The request
 * goes to staff for approval (issue 16); until they approve it the user's `autotrader` stays false.
 */
export function AutoTraderForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('account');
  const id = useId();
  const refreshUser = useRefreshUser();
  const [level, setLevel] = useState<AutoTraderLevel>(DEFAULT_AUTOTRADER_LEVEL);
  const [accepted, setAccepted] = useState(false);
  const mutation = useMutation({
    mutationFn: requestAutoTrader,
    onSuccess: () => {
      toast.success(AUTOTRADER_MESSAGES.saved);
      void refreshUser();
      onDone();
    },
    onError: (error) => toast.error(autoTraderErrorMessage(error)),
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (accepted && !mutation.isPending) mutation.mutate(level);
      }}
    >
      <DialogHeader>
        <DialogTitle>{t('autotrader.name')}</DialogTitle>
        <DialogDescription>{t('autotrader.form.description')}</DialogDescription>
      </DialogHeader>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('autotrader.form.riskLevel')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {AUTOTRADER_LEVELS.map((l) => {
            const text = autoTraderLevelText(l);
            return (
              <label
                key={l}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  level === l ? 'border-primary bg-primary/10' : 'hover:bg-accent',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-level`}
                  value={l}
                  checked={level === l}
                  onChange={() => setLevel(l)}
                  aria-describedby={`${id}-${l}-text`}
                  className="mt-0.5 accent-[var(--primary)]"
                />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">{text.label}</span>
                  <span id={`${id}-${l}-text`} className="text-xs text-muted-foreground">
                    {text.trades}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {autoTraderLevelText(level).detail}
        </p>
      </fieldset>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-accept`}
          type="checkbox"
          checked={accepted}
          onChange={(e) => setAccepted(e.target.checked)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
        />
        <label htmlFor={`${id}-accept`} className="cursor-pointer text-sm leading-snug">
          {t('autotrader.form.accept')}
        </label>
      </div>
      {mutation.isError ? (
        <Alert variant="destructive" description={autoTraderErrorMessage(mutation.error)} />
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" data-autofocus="" onClick={onDone}>
          {t('autotrader.form.cancel')}
        </Button>
        <Button type="submit" disabled={!accepted || mutation.isPending}>
          {mutation.isPending ? AUTOTRADER_MESSAGES.activating : t('autotrader.form.activate')}
        </Button>
      </DialogFooter>
    </form>
  );
}
