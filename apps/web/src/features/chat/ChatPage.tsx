import { SectionPage } from '@/components/SectionPage';

/** `/main/chat` (SPEC §2 route table); content arrives in a later issue. */
export function ChatPage() {
  return <SectionPage title="Support chat" />;
}
