import type { ChatMessage } from '@openbroker/domain';
import { ArrowDown, MessageSquare } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/utils';
import { ChatMessageBubble } from './ChatMessageBubble';
import { groupByDay } from './days';
import { type ChatSide, isOwnSide } from './messages';
import { CHAT_TEXT } from './sendRules';

/** SPEC §9: older messages load when the list is scrolled within 100 px of the top. */
export const LOAD_MORE_THRESHOLD_PX = 100;
/** Within this of the bottom the list follows new messages. */
const STICK_TO_BOTTOM_PX = 80;

export interface ChatMessageListProps {
  messages: readonly ChatMessage[];
  side: ChatSide;
  viewerId: number | null;
  isLoading: boolean;
  loadError: string | null;
  olderError: string | null;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: () => void;
  className?: string;
}

/**
 * SPEC §2 Message list: by day under date headers, own messages on the right; older pages load near
 * the top without moving what is on screen; a scroll-to-bottom button shows a dot when a message
 * arrives while the reader is further up.
 */
export function ChatMessageList(props: ChatMessageListProps) {
  const { t } = useTranslation('account');
  const { messages, side, viewerId, hasOlder, loadingOlder, onLoadOlder } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef(0);
  const [awayFromBottom, setAwayFromBottom] = useState(false);
  const [newBelow, setNewBelow] = useState(false);
  const groups = useMemo(() => groupByDay(messages), [messages]);
  const firstId = messages[0]?.id ?? null;
  const last = messages.at(-1);

  const scrollToBottom = useCallback((smooth = false) => {
    const el = scroller.current;
    if (!el) return;
    const reduced =
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (smooth && !reduced && typeof el.scrollTo === 'function')
      el.scrollTo({ top: el.scrollHeight, behavior: 'smooth' });
    else el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setAwayFromBottom(false);
    setNewBelow(false);
  }, []);

  const maybeLoadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasOlder || loadingOlder) return;
    if (el.scrollTop < LOAD_MORE_THRESHOLD_PX) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  function onScroll() {
    const el = scroller.current;
    if (!el) return;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    setAwayFromBottom(!atBottom.current);
    if (atBottom.current) setNewBelow(false);
    maybeLoadOlder();
  }

  // Older messages went in above: keep the same messages under the reader's eyes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || atBottom.current) return;
    el.scrollTop = el.scrollHeight - fromBottom.current;
  }, [firstId]);

  // A new last message: follow it when at the bottom or when it is our own; else light the dot.
  const lastId = last?.id ?? null;
  const lastMine = last !== undefined && last.sender_id === viewerId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (lastId === null || !el) return;
    if (atBottom.current || lastMine) {
      scrollToBottom();
    } else {
      fromBottom.current = el.scrollHeight - el.scrollTop;
      setNewBelow(true);
    }
  }, [lastId]);

  // Images loading (or anything else growing the list) keep a reader who is at the bottom there.
  const hasContent = messages.length > 0 && !props.isLoading && !props.loadError;
  useEffect(() => {
    const el = content.current;
    if (!hasContent || !el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const box = scroller.current;
      if (box && atBottom.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasContent]);

  // A first page too short to scroll cannot be scrolled to its top: fetch older ones until it can.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the list changes.
  useEffect(() => {
    const el = scroller.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight + LOAD_MORE_THRESHOLD_PX) {
      onLoadOlder();
    }
  }, [hasOlder, loadingOlder, onLoadOlder, messages.length]);

  // Day headings sit under the page's h1 (customer) or under the conversation's h2 (Admin Chat).
  const DayHeading = side === 'staff' ? 'h3' : 'h2';
  let body: ReactNode;
  if (props.isLoading) {
    body = (
      <Centered>
        <Spinner className="size-5" />
        <span>{t('chat.list.loading')}</span>
      </Centered>
    );
  } else if (props.loadError) {
    body = (
      <Centered>
        <span role="alert" className="text-destructive">
          {props.loadError}
        </span>
        <Button variant="outline" size="sm" onClick={props.onRetry}>
          {t('chat.list.retry')}
        </Button>
      </Centered>
    );
  } else if (messages.length === 0) {
    body = (
      <Centered>
        <MessageSquare className="size-8 text-muted-foreground" aria-hidden="true" />
        <span className="font-medium text-foreground">{CHAT_TEXT.noMessages}</span>
        <span>{CHAT_TEXT.startConversation}</span>
      </Centered>
    );
  } else {
    body = (
      <div ref={content} className="flex flex-col gap-4 px-3 py-4 sm:px-4">
        {loadingOlder ? (
          <div className="flex justify-center">
            <Spinner aria-label={t('chat.list.loadingOlder')} />
          </div>
        ) : null}
        {props.olderError ? (
          <div className="flex items-center justify-center gap-2 text-destructive text-xs">
            <span role="alert">{props.olderError}</span>
            <Button variant="link" size="sm" className="h-auto px-0 text-xs" onClick={onLoadOlder}>
              {t('chat.list.retry')}
            </Button>
          </div>
        ) : null}
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label} className="flex flex-col gap-2">
            <DayHeading
              data-testid="chat-day-header"
              className="sticky top-1 z-10 self-center rounded-full border bg-card/95 px-3 py-0.5 font-medium text-muted-foreground text-xs shadow-xs backdrop-blur"
            >
              {group.label}
            </DayHeading>
            {group.messages.map((message, i) => {
              const mine = isOwnSide(message, side);
              const previous = group.messages[i - 1];
              const showSender = message.sender_id !== viewerId && previous?.sender_id !== message.sender_id;
              return (
                <ChatMessageBubble key={message.id} message={message} mine={mine} showSender={showSender} />
              );
            })}
          </section>
        ))}
      </div>
    );
  }

  return (
    <div className={cn('relative min-h-0 flex-1', props.className)}>
      <div
        ref={scroller}
        onScroll={onScroll}
        data-testid="chat-scroller"
        role="log"
        aria-live="polite"
        aria-label={t('chat.list.label')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it.
        tabIndex={0}
        className="absolute inset-0 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {body}
      </div>
      {awayFromBottom && messages.length > 0 ? (
        <Button
          variant="secondary"
          size="icon"
          aria-label={newBelow ? t('chat.list.scrollNew') : t('chat.list.scrollLatest')}
          data-testid="chat-scroll-bottom"
          onClick={() => scrollToBottom(true)}
          className="absolute end-4 bottom-4 rounded-full border shadow-lg"
        >
          <ArrowDown aria-hidden="true" />
          {newBelow ? (
            <span
              data-testid="chat-new-message-dot"
              className="absolute top-0 end-0 size-2.5 rounded-full bg-primary ring-2 ring-background"
            />
          ) : null}
        </Button>
      ) : null}
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-muted-foreground text-sm">
      {children}
    </div>
  );
}
