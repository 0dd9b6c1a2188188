// Kept-alive connections to push services (docs/notifications.md "Push", "Connections"): one
// agent per checked target, that is the address the endpoint's host was resolved to and checked
// at (push-endpoint.ts), the host name and the port, whose every connection is made to that
// address (the agent's own lookup answers nothing else). A push reuses an idle connection of its
// target's agent, so a burst to one push service pays the TCP and TLS set-up once per connection,
// not once per push. Bounded: at most MAX_SOCKETS connections per target, MAX_TARGETS targets (the
// least recently used one closed first), and an idle connection closed after IDLE_MS.
import http from "node:http";
import https from "node:https";
import { pinnedLookup } from "./page-fetch";

export interface CheckedTarget {
  address: string;
  family: 4 | 6;
}

const MAX_TARGETS = 64;
const MAX_SOCKETS = 16;
const IDLE_MS = 30_000;

export class PushConnections {
  private readonly agents = new Map<string, http.Agent>();

  /** The agent whose connections all go to `target` for `url`'s scheme, host and port. */
  agentFor(url: URL, target: CheckedTarget): http.Agent {
    const key = `${url.protocol}//${url.host} ${target.address}`;
    const known = this.agents.get(key);
    if (known) {
      // Most recently used last, so the first is the one to close.
      this.agents.delete(key);
      this.agents.set(key, known);
      return known;
    }
    const Agent = url.protocol === "https:" ? https.Agent : http.Agent;
    const agent = new Agent({
      keepAlive: true,
      maxSockets: MAX_SOCKETS,
      maxFreeSockets: MAX_SOCKETS,
      timeout: IDLE_MS,
      lookup: pinnedLookup(target),
    });
    this.agents.set(key, agent);
    if (this.agents.size > MAX_TARGETS) {
      const [oldest] = this.agents.keys();
      if (oldest !== undefined) {
        this.agents.get(oldest)?.destroy();
        this.agents.delete(oldest);
      }
    }
    return agent;
  }

  /** Closes every connection (the app's shutdown). */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}
