import { SetupNotice } from '@/components/SectionPage';

/** `/main/deposit/card`; the card flow arrives in a later issue. */
export function CardDepositPage() {
  return (
    <div className="flex flex-col gap-2">
      <h2 className="text-base font-medium">Card deposit</h2>
      <SetupNotice />
    </div>
  );
}
