// Our VAPID header (RFC 8292; docs/notifications.md "Push", "Connections"): a JWT for one push
// service's origin, signed with our key and valid 12 hours. Signing one costs about as much as
// encrypting a push, so each origin's is kept and signed anew once it is an hour old: a push
// service sees a token at least 11 hours from its end. Bounded by MAX_ORIGINS (push services are
// few); past it every kept one is dropped.
import webpush from "web-push";
import type { VapidKeys } from "../../infra/vapid-keys";

const VALID_SECONDS = 12 * 3600;
const KEPT_MS = 3_600_000;
const MAX_ORIGINS = 64;

export class VapidHeaders {
  private readonly kept = new Map<string, { header: string; signedAt: number }>();

  constructor(private readonly vapid: VapidKeys & { subject: string }) {}

  /** The Authorization header of a push to `endpoint`, at `now` (ms). */
  forEndpoint(endpoint: string, now = Date.now()): string {
    const origin = new URL(endpoint).origin;
    const kept = this.kept.get(origin);
    if (kept && now - kept.signedAt < KEPT_MS) return kept.header;
    if (this.kept.size >= MAX_ORIGINS) this.kept.clear();
    const { Authorization: header } = webpush.getVapidHeaders(
      origin,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      "aes128gcm",
      Math.floor(now / 1000) + VALID_SECONDS,
    );
    this.kept.set(origin, { header, signedAt: now });
    return header;
  }
}
