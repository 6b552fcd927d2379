import { SectionPage } from '@/components/SectionPage';

/** `/main/savings` (SPEC §2 route table); content arrives in a later issue. */
export function SavingsPage() {
  return <SectionPage title="Savings" />;
}
