import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';

interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'size' | 'disabled' | 'asChild' | 'children'> {
  /** The request is running: the button is disabled and says `pendingText` beside a spinner. */
  pending: boolean;
  /** What the button says while pending, e.g. 'Sending...'. */
  pendingText: string;
  /** The spinner's own screen-reader label, e.g. 'Sending' (it is part of the button's name). */
  spinnerLabel: string;
  /** What the button says when idle. */
  children: ReactNode;
}

/**
 * The full-width submit button of the public forms (sign-in, sign-up, registration, password help).
 * Disabling it while pending is what stops a second click from sending the request twice.
 */
export function SubmitButton({
  pending,
  pendingText,
  spinnerLabel,
  children,
  className,
  ...props
}: SubmitButtonProps) {
  return (
    <Button type="submit" size="lg" className={cn('w-full', className)} disabled={pending} {...props}>
      {pending ? <Spinner aria-label={spinnerLabel} /> : null}
      {pending ? pendingText : children}
    </Button>
  );
}
