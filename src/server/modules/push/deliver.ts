// The outbox's `push` topic (docs/notifications.md "Push", docs/outbox.md "Topics"): one push to
// one browser. The payload is composed now (the actor's name as it is now), encrypted for the
// browser by web-push, signed with our VAPID key (vapid-header.ts), and sent through
// push-endpoint.ts. A 2xx marks the browser's last success (once a minute: delivery-marks.ts); a
// 404 or 410 (the browser unsubscribed, or the subscription expired) deletes it and the push is
// done; a refusal no retry can change (400, 401, 403, 413, or an endpoint no longer allowed) is
// given up; anything else (429, 5xx, no connection) is retried by the outbox with its backoff.
import webpush from "web-push";
import type { PersonSummary } from "../../../domain/contracts/follows";
import { displayName } from "../../../domain/display-name";
import type { Db } from "../../db/client";
import {
  endpointProblem,
  type PushEndpointRules,
  sendToPushService,
} from "../../infra/push-endpoint";
import { sameTickBatch } from "../../infra/same-tick-batch";
import type { PushNotice } from "../../outbox/messages";
import { peopleById } from "../profiles/rows";
import { DeliveryMarks } from "./delivery-marks";
import { composePush, type Named } from "./payload";
import { deleteSubscription, findSubscriptions, markDelivered } from "./queries";
import { actorOf } from "./tell";
import { VapidHeaders } from "./vapid-header";

export interface PushDeps {
  db: Db;
  vapid: VapidHeaders;
  marks: DeliveryMarks;
  rules: PushEndpointRules;
  /** A browser by id, and a person by id: asked side by side, read together (same-tick-batch.ts). */
  browser: (subscriptionId: string) => Promise<Browser | undefined>;
  person: (userId: string) => Promise<PersonSummary | undefined>;
}

interface Browser {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push topic's handler keeps for the life of the app. */
export function pushDeps(options: {
  db: Db;
  vapid: ConstructorParameters<typeof VapidHeaders>[0];
  rules: PushEndpointRules;
}): PushDeps {
  const { db } = options;
  return {
    db,
    vapid: new VapidHeaders(options.vapid),
    marks: new DeliveryMarks(),
    rules: options.rules,
    browser: sameTickBatch((ids: string[]) => findSubscriptions(db, ids)),
    person: sameTickBatch((ids: string[]) => peopleById(db, ids)),
  };
}

/** Answers no retry can change: a malformed push, our key refused, a payload too large. */
const PERMANENT = new Set([400, 401, 403, 413]);
const GONE = new Set([404, 410]);

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true });

/** Who the notice names; null when it names no one; "gone" when that account is gone. */
async function namedIn(deps: PushDeps, notice: PushNotice): Promise<Named | null | "gone"> {
  if (notice.kind === "message" && "address" in notice.from) {
    return { name: displayName({ address: notice.from.address }), profile: null };
  }
  if ("elsewhere" in notice) {
    return { name: notice.elsewhere.name, profile: `/@${notice.elsewhere.handle}` };
  }
  const actor = actorOf(notice);
  if (!actor) return null;
  const person = await deps.person(actor.userId);
  return person ? { name: displayName(person), profile: `/${person.handle}` } : "gone";
}

export async function deliverPush(
  deps: PushDeps,
  { subscriptionId, notice }: { subscriptionId: string; notice: PushNotice },
): Promise<void> {
  const subscription = await deps.browser(subscriptionId);
  if (!subscription) return;
  const from = await namedIn(deps, notice);
  if (from === "gone") return;
  const { payload, options } = composePush(notice, { recipientId: subscription.userId, from });
  const problem = endpointProblem(subscription.endpoint, deps.rules.allowed);
  if (problem) throw permanent(problem);
  const request = webpush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    JSON.stringify(payload),
    {
      ...options,
      headers: { Authorization: deps.vapid.forEndpoint(subscription.endpoint) },
      contentEncoding: "aes128gcm",
    },
  );
  const answer = await sendToPushService(request, deps.rules);
  if (answer.status >= 200 && answer.status < 300) {
    const now = Date.now();
    if (deps.marks.due(subscriptionId, now)) {
      await markDelivered(deps.db, subscriptionId, new Date(now));
    }
    return;
  }
  if (GONE.has(answer.status)) {
    await deleteSubscription(deps.db, subscriptionId);
    return;
  }
  const refusal = `the push service answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  throw PERMANENT.has(answer.status) ? permanent(refusal) : new Error(refusal);
}
