import { SectionPage } from '@/components/SectionPage';
import { StandaloneFrame } from '@/components/StandaloneFrame';

/** `/admin/chat` (protected): staff conversations with customers, built in a later issue. */
export function AdminChatPage() {
  return (
    <StandaloneFrame>
      <SectionPage title="Admin Chat" />
    </StandaloneFrame>
  );
}
