import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

/** A labelled input with its message tied to it for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; error?: string | undefined; hint?: string }) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
