// The requests an instance has in flight, and its drain (docs/operations.md "Start and stop"),
// told by the front door (http/front-door.ts), which sees every request first. An answer the door
// gives is sent whole at once and only marks the instance busy; a request it passes to Fastify is
// in flight until its response emits "close", which it always does, whether it was sent or its
// client went away. So a static file or /healthz pays no listener of its own
// (docs/performance.md "Trivial routes").
import type { ServerResponse } from "node:http";

/** Draining ends once no request has been in flight for DRAIN_QUIET_MS, looked at every
 * DRAIN_LOOK_MS, or after DRAIN_MAX_MS. The quiet second outlasts a client (or balancer) that was
 * briefly descheduled between its answer and its next request, which a shorter window does not. */
const DRAIN_LOOK_MS = 50;
const DRAIN_QUIET_MS = 1_000;
const DRAIN_MAX_MS = 5_000;

// While draining, every answer closes its connection, so no kept-alive connection sits idle when
// the server stops listening: a client never sends on one just as it closes (a reset).
const closeAfter = (response: ServerResponse) => {
  if (!response.headersSent) response.setHeader("connection", "close");
};

export class InFlight {
  readonly #open = new Set<ServerResponse>();
  /** When a request last came or went: quiet is measured from it. */
  #lastBusy = Date.now();
  #draining = false;
  readonly #onDrain: (() => void)[] = [];

  /** Told once, when draining starts (the realtime gateway closes its sockets then). */
  onDrain(listener: () => void): void {
    this.#onDrain.push(listener);
  }

  get draining(): boolean {
    return this.#draining;
  }

  /** A request passed on to Fastify: in flight until its response closes. */
  passed(response: ServerResponse): void {
    this.#open.add(response);
    this.#lastBusy = Date.now();
    if (this.#draining) closeAfter(response);
    response.once("close", () => {
      this.#open.delete(response);
      this.#lastBusy = Date.now();
    });
  }

  /** An answer sent whole at once; the caller closes its connection while draining. */
  answered(): void {
    this.#lastBusy = Date.now();
  }

  /** Every answer from now on closes its connection; resolves once the instance has been quiet
   * for DRAIN_QUIET_MS, or after DRAIN_MAX_MS. The server keeps listening meanwhile: a request
   * the load balancer still sends before it has seen /readyz fail is answered, not reset. */
  async drain(): Promise<void> {
    if (!this.#draining) for (const listener of this.#onDrain) listener();
    this.#draining = true;
    for (const response of this.#open) closeAfter(response);
    const deadline = Date.now() + DRAIN_MAX_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, DRAIN_LOOK_MS));
      if (this.#open.size === 0 && Date.now() - this.#lastBusy >= DRAIN_QUIET_MS) return;
    }
  }
}
