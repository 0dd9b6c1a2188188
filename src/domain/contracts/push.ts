// Web push (docs/notifications.md "Push"): the key a browser subscribes with, its subscription as
// PushSubscription.toJSON() gives it, the browsers a person has subscribed (Settings), and what a
// push carries to the service worker. Shared by server and browser.
import { z } from "zod";
import type { NotificationKind } from "./notification-settings";

export const pushKeyResponse = z.object({
  /** The VAPID public key, base64url: PushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
});

export const PUSH_ENDPOINT_MAX = 1024;

/** A P-256 public key (65 bytes, uncompressed: its first byte 4) and a 16-byte auth secret,
 * base64url as browsers give them (padding allowed). */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

export const pushSubscriptionInput = z.object({
  endpoint: z.url({ message: "The endpoint must be a URL." }).max(PUSH_ENDPOINT_MAX, {
    message: `The endpoint is at most ${PUSH_ENDPOINT_MAX} characters.`,
  }),
  /** Sent by browsers; push services tell an expiry with a 404 or 410, so it is not kept. */
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().regex(P256DH, { message: "keys.p256dh must be a P-256 public key." }),
    auth: z.string().regex(AUTH, { message: "keys.auth must be a 16-byte secret." }),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushSubscriptionView = z.object({
  id: z.uuid(),
  /** The browser and system it was subscribed from ('Firefox 140 · Linux'). */
  label: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionView>;

export const pushSubscriptionsResponse = z.object({ items: z.array(pushSubscriptionView) });

export const pushSubscriptionIdParams = z.object({ subscriptionId: z.uuid() });

/** The decrypted payload of a push, as the service worker reads it. */
export interface PushPayload {
  /** The kind of news (domain/contracts/notification-settings.ts). */
  type: NotificationKind;
  title: string;
  /** A short line; for a message, its words only with previews on. */
  body: string;
  /** The app's page to open, relative to the site ('/mail?thread=…'). */
  url: string;
  /** The push's Web Push topic: the notification's tag, so a newer one replaces it. */
  topic: string;
}
