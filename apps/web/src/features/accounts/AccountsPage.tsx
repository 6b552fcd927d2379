import { SectionPage } from '@/components/SectionPage';

/** `/main/accounts` (SPEC §2 route table); content arrives in a later issue. */
export function AccountsPage() {
  return <SectionPage title="Accounts" />;
}
