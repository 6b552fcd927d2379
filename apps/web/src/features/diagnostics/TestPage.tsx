import { SectionPage } from '@/components/SectionPage';

/** `/main/test` (SPEC §2 route table); content arrives in a later issue. */
export function TestPage() {
  return <SectionPage title="Test" />;
}
