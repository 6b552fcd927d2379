import { SectionPage } from '@/components/SectionPage';

/** `/main/marketplace` (SPEC §2 route table); content arrives in a later issue. */
export function MarketplacePage() {
  return <SectionPage title="Marketplace" />;
}
