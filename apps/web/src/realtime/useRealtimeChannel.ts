import { useEffect, useRef } from 'react';
import { type ChannelEvent, holdRealtimeChannel, onRealtimeEvent } from './realtimeSocket';

/** Holds a realtime channel (e.g. `private-chat.customer.7`) while the component is mounted; null holds none. */
export function useRealtimeChannel(channel: string | null): void {
  useEffect(() => (channel ? holdRealtimeChannel(channel) : undefined), [channel]);
}

/** Calls the latest `listener` for each `event` while mounted, without resubscribing on every render. */
export function useRealtimeEvent(event: ChannelEvent, listener: (payload: unknown) => void): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => onRealtimeEvent(event, (payload) => latest.current(payload)), [event]);
}
