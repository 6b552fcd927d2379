import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A card's title one level under the settings page's section headings (h2), looking like `CardTitle`. */
export function CardHeading({ className, ...props }: ComponentProps<'h3'>) {
  return (
    <h3
      data-slot="card-title"
      className={cn('text-lg font-semibold leading-none tracking-tight', className)}
      {...props}
    />
  );
}
