import { useEffect } from 'react';
import { useVenueLive } from '../../orders/live';

type Props = { venueId: string; token: string | null; reconnectKey: string | null; onConnected: (connected: boolean) => void };

/**
 * The venue's socket for a guest (docs/decisions/154 and 231), as a component VenueLayout loads lazily: the socket
 * opens after the first render anyway, so its code (app/features/orders/live.ts) need not be in a guest's first
 * download (bundle budget, docs/decisions/219 and 217). Until it arrives the screens read as they do with the socket
 * down: `liveConnected` is false.
 */
export default function VenueLiveChannel({ venueId, token, reconnectKey, onConnected }: Props) {
  const { connected } = useVenueLive(venueId, { token, reconnectKey });
  useEffect(() => { onConnected(connected); }, [connected, onConnected]);
  return null;
}
