import { SectionPage } from '@/components/SectionPage';

/** `/main/settings` (SPEC §2 route table); content arrives in a later issue. */
export function SettingsPage() {
  return <SectionPage title="Settings" />;
}
