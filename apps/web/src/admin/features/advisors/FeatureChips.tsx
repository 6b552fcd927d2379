import { X } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

const MAX_FEATURES = 12;

/** The marketplace item's feature list: type one and add it (Enter or the button), remove with ×. */
export function FeatureChips(props: {
  id: string;
  features: string[];
  error: string | undefined;
  onChange: (features: string[]) => void;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const full = props.features.length >= MAX_FEATURES;

  function add() {
    const text = draft.trim();
    if (text === '' || full) return;
    if (!props.features.includes(text)) props.onChange([...props.features, text]);
    setDraft('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the feature instead of submitting the whole form.
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  }

  const note = props.error ? `${props.id}-error` : `${props.id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={props.id}>{t('advisors.features.label')}</Label>
      {props.features.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('advisors.features.added')}>
          {props.features.map((f) => (
            <li
              key={f}
              className="inline-flex items-center gap-1 rounded-full border bg-muted/40 py-0.5 ps-3 pe-1 text-xs"
            >
              {f}
              <button
                type="button"
                className="rounded-full p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={t('advisors.features.remove', { feature: f })}
                onClick={() => props.onChange(props.features.filter((x) => x !== f))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <Input
          id={props.id}
          value={draft}
          maxLength={80}
          disabled={full}
          placeholder={
            full ? t('advisors.features.full', { max: MAX_FEATURES }) : t('advisors.features.placeholder')
          }
          aria-invalid={props.error ? true : undefined}
          aria-describedby={note}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add} disabled={full || draft.trim() === ''}>
          {t('advisors.features.add')}
        </Button>
      </div>
      {props.error ? (
        <p id={note} className="text-destructive text-xs">
          {props.error}
        </p>
      ) : (
        <p id={note} className="text-muted-foreground text-xs">
          {t('advisors.features.hint', { max: MAX_FEATURES })}
        </p>
      )}
    </div>
  );
}
