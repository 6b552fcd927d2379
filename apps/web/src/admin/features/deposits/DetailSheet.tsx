import type { ReactNode } from 'react';
import { SideSheet } from '@/components/ui/SideSheet';

/** A record's detail, sliding in from the right over its queue; full width on a phone. */
export function DetailSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <SideSheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      closeLabel="Close details"
      className={`right-0 left-auto w-full border-r-0 border-l ${props.wide ? 'sm:w-[56rem]' : 'sm:w-[32rem]'} sm:max-w-[95vw]`}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-4">{props.children}</div>
    </SideSheet>
  );
}
