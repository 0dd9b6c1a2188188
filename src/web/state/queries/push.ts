// Notifications on this device (docs/notifications.md "Push"): the browsers a person subscribed,
// the push switches, and subscribing this browser — the permission, the service worker's push
// subscription with the server's key, and the server's record of it, whose id this browser keeps
// so that it can take itself off the list.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { okResponse } from "../../../domain/contracts/auth";
import type {
  pushKeyResponse,
  pushSubscriptionsResponse,
  pushSubscriptionView,
} from "../../../domain/contracts/push";
import { api, apiRequest } from "../../lib/api";

export const pushKeys = {
  subscriptions: ["push", "subscriptions"] as const,
  thisBrowser: ["push", "this-browser"] as const,
};

/** Where this browser keeps the id of its own subscription on the server. */
const OWN_ID = "push-subscription-id";

/** Why this browser cannot be told anything, or null when it can be asked. */
export function pushUnavailable(): "unsupported" | "blocked" | null {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  return Notification.permission === "denied" ? "blocked" : null;
}

/** The key as PushManager.subscribe takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** Whether this browser is subscribed: a push subscription and the server's id of it. */
export function useThisBrowserQuery() {
  return useQuery({
    queryKey: pushKeys.thisBrowser,
    queryFn: async () => {
      if (pushUnavailable() === "unsupported") return false;
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      return Boolean(subscription && localStorage.getItem(OWN_ID));
    },
  });
}

export function usePushSubscriptionsQuery() {
  return useQuery({
    queryKey: pushKeys.subscriptions,
    queryFn: ({ signal }) =>
      api.get<typeof pushSubscriptionsResponse>("/api/push/subscriptions", signal),
  });
}

const removeOnServer = (id: string) =>
  apiRequest<typeof okResponse>(`/api/push/subscriptions/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });

/** Turns notifications on for this browser, or off. */
export function useThisBrowserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => {
      const registration = await navigator.serviceWorker.ready;
      const current = await registration.pushManager.getSubscription();
      if (!on) {
        const id = localStorage.getItem(OWN_ID);
        if (id) await removeOnServer(id);
        localStorage.removeItem(OWN_ID);
        await current?.unsubscribe();
        return;
      }
      if ((await Notification.requestPermission()) !== "granted") throw new PermissionRefused();
      const { publicKey } = await api.get<typeof pushKeyResponse>("/api/push/key");
      const subscription =
        current ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      const saved = await api.post<typeof pushSubscriptionView>(
        "/api/push/subscriptions",
        subscription.toJSON(),
      );
      localStorage.setItem(OWN_ID, saved.id);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushKeys.thisBrowser });
      void queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions });
    },
  });
}

/** The person said no to the browser's question. */
export class PermissionRefused extends Error {
  constructor() {
    super("Notifications were not allowed.");
  }
}

/** Takes a browser off the list; this one forgets its id too. */
export function useRemovePushSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await removeOnServer(id);
      if (localStorage.getItem(OWN_ID) === id) localStorage.removeItem(OWN_ID);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pushKeys.thisBrowser });
      void queryClient.invalidateQueries({ queryKey: pushKeys.subscriptions });
    },
  });
}
