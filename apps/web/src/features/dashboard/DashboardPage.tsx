import { SectionPage } from '@/components/SectionPage';

/** `/main/dashboard` (SPEC §2 route table); content arrives in a later issue. */
export function DashboardPage() {
  return <SectionPage title="Dashboard" />;
}
