import { SectionPage } from '@/components/SectionPage';

/** `/main/verification` (SPEC §2 route table); content arrives in a later issue. */
export function VerificationPage() {
  return <SectionPage title="Verification" />;
}
