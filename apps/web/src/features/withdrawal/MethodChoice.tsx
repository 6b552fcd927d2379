import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SandboxBadge } from '@/features/deposit/SandboxBadge';
import { cn } from '@/lib/utils';
import type { WithdrawalMethodOption } from './withdrawalForm';

/** How to receive the money: one radio per enabled method. */
export function MethodChoice({
  methods,
  selected,
  error,
  field,
}: {
  methods: readonly WithdrawalMethodOption[];
  selected: string;
  error: string | undefined;
  field: UseFormRegisterReturn<'method_key'>;
}) {
  const { t } = useTranslation('money');
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={error ? 'withdrawal-method-error' : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{t('withdrawal.methodLegend')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {methods.map((m) => (
          <label
            key={m.key}
            className={cn(
              'flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring motion-reduce:transition-none',
              selected === m.key ? 'border-primary bg-primary/10' : 'hover:bg-accent',
            )}
          >
            <input type="radio" value={m.key} className="mt-0.5 accent-[var(--primary)]" {...field} />
            <span className="flex flex-col gap-1">
              <span className="font-medium">{m.label}</span>
              {m.sandbox ? <SandboxBadge detail={false} /> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="withdrawal-method-error" role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
