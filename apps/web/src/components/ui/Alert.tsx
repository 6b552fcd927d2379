import { cva, type VariantProps } from 'class-variance-authority';
import {
  CircleCheck,
  CircleExclamationPoint,
  Info,
  type LucideIcon,
  TriangleExclamationPoint,
  X,
} from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

const alertVariants = cva(
  'relative grid w-full grid-cols-[auto_1fr] items-start gap-x-3 gap-y-0.5 rounded-lg border px-4 py-3 text-sm',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-card-foreground [&>svg]:text-info',
        destructive:
          'border-destructive/40 bg-destructive/10 text-foreground [&>svg]:text-destructive [&_[data-slot=alert-description]]:text-destructive-soft',
        success: 'border-success/40 bg-success/10 text-foreground [&>svg]:text-success',
        warning: 'border-warning/40 bg-warning/10 text-foreground [&>svg]:text-warning',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type AlertVariant = NonNullable<VariantProps<typeof alertVariants>['variant']>;

/** Each variant has its own icon so the meaning does not rest on colour alone (SPEC §2 Alerts). */
export const ALERT_ICONS = {
  default: Info,
  destructive: CircleExclamationPoint,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
} as const satisfies Record<AlertVariant, LucideIcon>;

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  variant?: AlertVariant;
  title?: ReactNode;
  description?: ReactNode;
  /** When given, a close button is shown and calls it; the parent decides whether the alert goes away. */
  onClose?: () => void;
  closeLabel?: string;
}

export function Alert({
  className,
  variant = 'default',
  title,
  description,
  onClose,
  closeLabel,
  children,
  ...props
}: AlertProps) {
  const Icon = ALERT_ICONS[variant];
  const { t } = useTranslation('common');
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      // Errors interrupt; the other variants are announced politely.
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), onClose && 'pe-10', className)}
      {...props}
    >
      <Icon data-slot="alert-icon" aria-hidden="true" className="mt-0.5 size-4" />
      <div className="col-start-2 flex min-w-0 flex-col gap-1">
        {title ? (
          <div data-slot="alert-title" className="font-medium leading-tight tracking-tight">
            {title}
          </div>
        ) : null}
        {description ? (
          <div data-slot="alert-description" className="text-sm text-muted-foreground [&_p]:leading-relaxed">
            {description}
          </div>
        ) : null}
        {children}
      </div>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel ?? t('actions.close')}
          className="absolute top-2.5 end-2.5 rounded-sm p-0.5 text-muted-foreground opacity-80 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
