import { useRealtimeStore } from '@/realtime/realtimeSocket';
import { BackupNotice } from './BackupNotice';
import { ChatComposer } from './ChatComposer';
import { ChatMessageList } from './ChatMessageList';
import type { ChatSide } from './messages';
import type { useConversation } from './useConversation';

/** The part both chat screens share under their own headers: backup notice, messages, composer. */
export function ConversationBody(props: {
  conversation: ReturnType<typeof useConversation>;
  side: ChatSide;
  /** The signed-in user; null means not logged in (SPEC §5: sending then says so). */
  viewerId: number | null;
}) {
  const { conversation, side, viewerId } = props;
  const connected = useRealtimeStore((s) => s.status === 'connected');
  return (
    <>
      <BackupNotice />
      <ChatMessageList
        messages={conversation.messages}
        side={side}
        viewerId={viewerId}
        isLoading={conversation.isLoading}
        loadError={conversation.loadError}
        olderError={conversation.olderError}
        hasOlder={conversation.hasOlder}
        loadingOlder={conversation.loadingOlder}
        onLoadOlder={conversation.loadOlder}
        onRetry={conversation.retry}
      />
      <ChatComposer connected={connected} signedIn={viewerId !== null} onSend={conversation.send} />
    </>
  );
}
