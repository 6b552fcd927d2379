import type { ReactNode } from 'react';
import { Label } from '@/components/ui/Label';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  /** Extra content on the label row, e.g. a "Forgot password?" link. */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, control and its validation message, with the message tied to the control for screen readers. */
export function FormField({ id, label, error, aside, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
