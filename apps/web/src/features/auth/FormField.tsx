import type { ComponentProps, ReactNode } from 'react';
import {
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';
import { localizeMessage } from '@/lib/validationMessage';
import { PasswordInput } from './PasswordInput';

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
  // Re-renders on a language change, so a shown message follows it.
  useTranslation('common');
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {localizeMessage(error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Marks a control invalid and points it at the message FormField renders as `${id}-error`. Keyed on
 * the error itself (not its text) so an error without a message still marks the control.
 */
export function errorA11y(id: string, error: FieldError | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** What the field components below need for one field: its id, its error and register's wiring. */
export type FieldControl<TName extends string = string> = UseFormRegisterReturn<TName> & {
  id: string;
  error: FieldError | undefined;
};

/**
 * Wires a form's fields for the components below, so a field is one line:
 * `<EmailField {...control('email')} />`. Ids are `${idPrefix}-${name}`, which keeps two forms on one
 * page apart and puts each message at `${idPrefix}-${name}-error`.
 */
export function fieldControls<T extends FieldValues>(
  idPrefix: string,
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return <TName extends Path<T>>(name: TName): FieldControl<TName> => ({
    id: `${idPrefix}-${name}`,
    error: get<FieldErrors<T>, FieldError | undefined>(errors, name),
    ...register(name),
  });
}

/** The props of a labelled input: everything the input takes, plus its label row and its error. */
interface InputFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id: string;
  label: string;
  error?: FieldError | undefined;
  aside?: ReactNode;
}

/** A labelled text input wired to its message; the rest of the props (and `register(...)`) go to the input. */
export function InputField({ id, label, error, aside, ...props }: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error?.message} aside={aside}>
      <Input id={id} {...errorA11y(id, error)} {...props} />
    </FormField>
  );
}

/** The 'Email' field every sign-in, sign-up and registration form asks for, with the email keyboard. */
export function EmailField(props: Omit<InputFieldProps, 'label' | 'type'>) {
  const { t } = useTranslation('auth');
  return <InputField label={t('email')} type="email" autoComplete="email" inputMode="email" {...props} />;
}

/** A labelled PasswordInput (with its show/hide toggle) wired to its message. */
export function PasswordField({ id, label, error, aside, ...props }: Omit<InputFieldProps, 'type'>) {
  return (
    <FormField id={id} label={label} error={error?.message} aside={aside}>
      <PasswordInput id={id} {...errorA11y(id, error)} {...props} />
    </FormField>
  );
}
