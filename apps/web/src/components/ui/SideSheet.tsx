import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './Button';

/**
 * A sheet that slides in from the start side (left, or right in right-to-left languages) over a dimmed page (mobile menu, market search, Admin Chat's
 * user list): a 56 px header with the title and a close button, then `children`.
 */
export function SideSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, if the sheet has one of its own. */
  trigger?: ReactNode;
  title: ReactNode;
  closeLabel: string;
  /** Width and visibility classes of the panel (e.g. `w-80 max-w-[88vw]`). */
  className?: string;
  overlayClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <DialogPrimitive.Trigger asChild>{props.trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/60', props.overlayClassName)} />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid={props.testId}
          className={cn(
            'fixed inset-y-0 start-0 z-50 flex flex-col border-e bg-card shadow-xl outline-none',
            props.className,
          )}
        >
          <div className="flex h-14 shrink-0 items-center justify-between border-b px-4">
            <DialogPrimitive.Title asChild>
              <div className="font-semibold text-base">{props.title}</div>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon-sm" aria-label={props.closeLabel}>
                <X className="size-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {props.children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
