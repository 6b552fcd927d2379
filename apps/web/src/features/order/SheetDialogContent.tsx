import type { ComponentProps } from 'react';
import { DialogContent } from '@/components/ui/Dialog';
import { cn } from '@/lib/utils';

/**
 * A dialog that is a bottom sheet under SPEC's 768 px breakpoint (thumb-reachable, full width) and
 * a centred card from 768 px up. Tall content scrolls inside the sheet, never the page behind it.
 */
export function SheetDialogContent({ className, ...props }: ComponentProps<typeof DialogContent>) {
  return (
    <DialogContent
      className={cn(
        'top-auto bottom-0 max-h-[92dvh] w-full max-w-full translate-y-0 gap-3 overflow-y-auto rounded-b-none p-4 sm:max-w-full',
        'md:top-1/2 md:bottom-auto md:max-h-[90dvh] md:max-w-md md:-translate-y-1/2 md:rounded-lg md:p-5',
        className,
      )}
      {...props}
    />
  );
}
