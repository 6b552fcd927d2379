import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SideSheet } from '@/components/ui/SideSheet';

/** A record's detail, sliding in from the inline end over its queue; full width on a phone. */
export function DetailSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('adminOps');
  return (
    <SideSheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.title}
      closeLabel={t('shared.closeDetails')}
      // At the inline end (the base sheet opens at the start): right in English, left in Arabic.
      className={`start-auto end-0 w-full border-s border-e-0 ${props.wide ? 'sm:w-[56rem]' : 'sm:w-[32rem]'} sm:max-w-[95vw]`}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto p-4">{props.children}</div>
    </SideSheet>
  );
}
