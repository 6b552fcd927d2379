import { SectionPage } from '@/components/SectionPage';

/** `/main/withdrawal` (SPEC §2 route table); content arrives in a later issue. */
export function WithdrawalPage() {
  return <SectionPage title="Withdrawal" />;
}
