// One realtime connection per signed-in tab: opened once the session says someone is signed in,
// closed when they sign out (or another account signs in); the server closing it because the
// session ended elsewhere has the session asked for again. Components say which profiles they
// show with useWatchProfile; the server then sends those profiles' live counters.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { RealtimeClient, realtimeUrl } from "../lib/realtime";
import { sessionEnded, useSessionUser } from "./queries/session";
import { applyServerMessage } from "./realtime-handler";

const RealtimeContext = createContext<RealtimeClient | null>(null);

export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useSessionUser();
  const userId = user?.id ?? null;
  const viewer = useRef(userId);
  viewer.current = userId;

  const [client] = useState(
    () =>
      new RealtimeClient({
        url: () => realtimeUrl(),
        onMessage: (message) => applyServerMessage(queryClient, message, viewer.current),
        // Signed out elsewhere or suspended: the session query says so, and the screens follow.
        onSessionEnded: () => sessionEnded(queryClient),
      }),
  );

  useEffect(() => {
    if (!userId) return;
    client.connect();
    const onOnline = () => client.retryNow();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      client.disconnect();
    };
  }, [client, userId]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** Receives `userId`'s live counters while the calling component is mounted. No-op without an id
 * or outside the provider (tests), and harmless when signed out: the watch is sent on connect. */
export function useWatchProfile(userId: string | null | undefined): void {
  const client = useContext(RealtimeContext);
  useEffect(() => {
    if (!client || !userId) return;
    return client.watch(userId);
  }, [client, userId]);
}
