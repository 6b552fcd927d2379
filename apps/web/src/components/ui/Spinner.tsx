import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

/** A spinning indicator; announced to screen readers as a status unless given its own label. */
export function Spinner({ className, 'aria-label': ariaLabel, ...props }: ComponentProps<'svg'>) {
  const { t } = useTranslation('common');
  return (
    <LoaderCircle
      role="status"
      aria-label={ariaLabel ?? t('states.loading.label')}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
