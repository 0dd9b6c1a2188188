// When a browser last took a push (docs/notifications.md "Push", "Connections"): Settings shows it
// as `lastSuccessAt`, to the minute. An instance writes it at most once a minute per browser, so a
// burst of pushes to one person's browsers costs no write per push. Bounded: past MAX_BROWSERS the
// times kept are forgotten, and each browser's next push writes again.
const MARK_EVERY_MS = 60_000;
const MAX_BROWSERS = 10_000;

export class DeliveryMarks {
  private readonly written = new Map<string, number>();

  /** Whether a push to `subscriptionId` taken at `now` (ms) is to be written; true notes it. */
  due(subscriptionId: string, now: number): boolean {
    const last = this.written.get(subscriptionId);
    if (last !== undefined && now - last < MARK_EVERY_MS) return false;
    if (this.written.size >= MAX_BROWSERS) this.written.clear();
    this.written.set(subscriptionId, now);
    return true;
  }
}
