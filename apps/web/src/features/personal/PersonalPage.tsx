import { SectionPage } from '@/components/SectionPage';

/** `/main/personal` (SPEC §2 route table); content arrives in a later issue. */
export function PersonalPage() {
  return <SectionPage title="Personal information" />;
}
