// A local stand-in for Stripe's HTTP API, for the real `stripe` SDK pointed at it with
// STRIPE_API_URL: prices by lookup key, Checkout Sessions, Subscriptions and billing portal
// sessions, in Stripe's JSON shapes. The test plays the buyer (`pay`) and Stripe's billing
// (`renew`, `end`), and signs webhook events with the SDK's own test header.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_KEY = "sk_test_fake";
export const FAKE_WEBHOOK_SECRET = "whsec_fake_secret";
const YEAR_S = 365 * 24 * 3600;

interface FakeSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  mode: string;
  url: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  customer: string | null;
  expires_at: number;
  line_items_price: string;
}

interface FakeSubscription {
  id: string;
  object: "subscription";
  customer: string;
  status: "active" | "past_due" | "canceled";
  cancel_at_period_end: boolean;
  items: { object: "list"; data: { id: string; current_period_end: number }[] };
  metadata: Record<string, string>;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  subscriptions: Map<string, FakeSubscription>;
  /** Requests seen, as "METHOD /path". */
  calls: string[];
  /** While true, every API call answers 500, as Stripe does in an outage. */
  down: boolean;
  /** The buyer pays: the session completes and a subscription starts at `now` for a year. */
  pay(sessionId: string, now?: Date): FakeSubscription;
  /** Stripe bills the next year. */
  renew(subscriptionId: string): FakeSubscription;
  /** The subscription ends (cancelled, or retries exhausted). */
  end(subscriptionId: string): FakeSubscription;
  /** A signed webhook delivery: body and stripe-signature header. */
  event(
    type: string,
    object: object,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

async function formOf(request: IncomingMessage): Promise<Map<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Map(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
}

function metadataOf(form: Map<string, string>, prefix = "metadata"): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, "\\$&")}\\[(\\w+)\\]$`));
    if (match?.[1]) out[match[1]] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const subscriptions = new Map<string, FakeSubscription>();
  const calls: string[] = [];
  let down = false;
  const missing = (what: string) => ({
    status: 404,
    body: {
      error: {
        type: "invalid_request_error",
        message: `No such ${what}`,
        code: "resource_missing",
      },
    },
  });

  async function route(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    calls.push(`${request.method} ${path}`);
    if (down) return { status: 500, body: { error: { type: "api_error", message: "Outage" } } };
    const form = request.method === "POST" ? await formOf(request) : new Map<string, string>();
    if (request.method === "GET" && path === "/v1/prices") {
      const key = url.searchParams.get("lookup_keys[0]");
      const known = ["username_1_5", "username_6_10", "username_11_15"];
      const data =
        key && known.includes(key)
          ? [{ id: `price_${key}`, object: "price", lookup_key: key, active: true }]
          : [];
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/prices" } };
    }
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const session: FakeSession = {
        id: id("cs_test"),
        object: "checkout.session",
        status: "open",
        payment_status: "unpaid",
        mode: form.get("mode") ?? "",
        url: "",
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        client_reference_id: form.get("client_reference_id") ?? null,
        customer_email: form.get("customer_email") ?? null,
        metadata: metadataOf(form),
        subscription: null,
        customer: null,
        expires_at: Number(form.get("expires_at") ?? 0),
        line_items_price: form.get("line_items[0][price]") ?? "",
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const sessionMatch = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/);
    if (request.method === "GET" && sessionMatch?.[1]) {
      const session = sessions.get(sessionMatch[1]);
      return session ? { status: 200, body: session } : missing("checkout.session");
    }
    const subscriptionMatch = path.match(/^\/v1\/subscriptions\/([\w]+)$/);
    if (subscriptionMatch?.[1]) {
      const subscription = subscriptions.get(subscriptionMatch[1]);
      if (!subscription) return missing("subscription");
      if (request.method === "POST" && form.has("cancel_at_period_end")) {
        subscription.cancel_at_period_end = form.get("cancel_at_period_end") === "true";
      }
      if (request.method === "DELETE") subscription.status = "canceled";
      return { status: 200, body: subscription };
    }
    if (request.method === "POST" && path === "/v1/billing_portal/sessions") {
      const portal = id("bps");
      return {
        status: 200,
        body: {
          id: portal,
          object: "billing_portal.session",
          customer: form.get("customer"),
          url: `https://billing.stripe.test/p/session/${portal}`,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: {
          type: "invalid_request_error",
          message: `Unrecognized request URL (${request.method}: ${path})`,
        },
      },
    };
  }

  const server: Server = createServer((request, response) => {
    route(request).then(
      ({ status, body }) => {
        response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const sdk = new Stripe(FAKE_STRIPE_KEY);

  const subscriptionOrThrow = (subscriptionId: string) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no fake subscription ${subscriptionId}`);
    return subscription;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    subscriptions,
    calls,
    get down() {
      return down;
    },
    set down(value) {
      down = value;
    },
    pay(sessionId, now = new Date()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no fake session ${sessionId}`);
      const subscription: FakeSubscription = {
        id: id("sub"),
        object: "subscription",
        customer: id("cus"),
        status: "active",
        cancel_at_period_end: false,
        items: {
          object: "list",
          data: [{ id: id("si"), current_period_end: Math.floor(now.getTime() / 1000) + YEAR_S }],
        },
        metadata: session.metadata,
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: "complete",
        payment_status: "paid",
        subscription: subscription.id,
        customer: subscription.customer,
      });
      return subscription;
    },
    renew(subscriptionId) {
      const subscription = subscriptionOrThrow(subscriptionId);
      for (const item of subscription.items.data) item.current_period_end += YEAR_S;
      subscription.status = "active";
      return subscription;
    },
    end(subscriptionId) {
      const subscription = subscriptionOrThrow(subscriptionId);
      subscription.status = "canceled";
      return subscription;
    },
    event(type, object, options = {}) {
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const payload = JSON.stringify({
        id: options.id ?? id("evt"),
        object: "event",
        type,
        created: timestamp,
        livemode: false,
        data: { object },
      });
      const signature = sdk.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? FAKE_WEBHOOK_SECRET,
        timestamp,
      });
      return {
        payload,
        headers: { "content-type": "application/json", "stripe-signature": signature },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
