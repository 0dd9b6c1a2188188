// The outbox's `push` topic (docs/notifications.md "Push", docs/outbox.md "Topics"): one push to
// one browser. The payload is composed now (the actor's name as it is now), encrypted for the
// browser and signed with our VAPID key by web-push, and sent through push-endpoint.ts. A 2xx
// marks the browser's last success; a 404 or 410 (the browser unsubscribed, or the subscription
// expired) deletes it and the push is done; a refusal no retry can change (400, 401, 403, 413, or
// an endpoint no longer allowed) is given up; anything else (429, 5xx, no connection) is retried
// by the outbox with its backoff.
import webpush from "web-push";
import { displayName } from "../../../domain/display-name";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import {
  endpointProblem,
  type PushEndpointRules,
  sendToPushService,
} from "../../infra/push-endpoint";
import type { PushNotice } from "../../outbox/messages";
import { peopleById } from "../profiles/rows";
import { composePush, type Named } from "./payload";
import { deleteSubscription, findSubscription, markDelivered } from "./queries";
import { actorOf } from "./tell";

export interface PushDeps {
  db: Db;
  config: Pick<Config, "push">;
  rules: PushEndpointRules;
}

/** Answers no retry can change: a malformed push, our key refused, a payload too large. */
const PERMANENT = new Set([400, 401, 403, 413]);
const GONE = new Set([404, 410]);

const permanent = (message: string) => Object.assign(new Error(message), { permanent: true });

/** Who the notice names; null when it names no one; "gone" when that account is gone. */
async function namedIn(db: Db, notice: PushNotice): Promise<Named | null | "gone"> {
  if (notice.kind === "message" && "address" in notice.from) {
    return { name: displayName({ address: notice.from.address }), profile: null };
  }
  if ("elsewhere" in notice) {
    return { name: notice.elsewhere.name, profile: `/@${notice.elsewhere.handle}` };
  }
  const actor = actorOf(notice);
  if (!actor) return null;
  const person = (await peopleById(db, [actor.userId])).get(actor.userId);
  return person ? { name: displayName(person), profile: `/${person.handle}` } : "gone";
}

export async function deliverPush(
  deps: PushDeps,
  { subscriptionId, notice }: { subscriptionId: string; notice: PushNotice },
): Promise<void> {
  const subscription = await findSubscription(deps.db, subscriptionId);
  if (!subscription) return;
  const from = await namedIn(deps.db, notice);
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
    { ...options, vapidDetails: deps.config.push.vapid, contentEncoding: "aes128gcm" },
  );
  const answer = await sendToPushService(request, deps.rules);
  if (answer.status >= 200 && answer.status < 300) {
    await markDelivered(deps.db, subscriptionId, new Date());
    return;
  }
  if (GONE.has(answer.status)) {
    await deleteSubscription(deps.db, subscriptionId);
    return;
  }
  const refusal = `the push service answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  throw PERMANENT.has(answer.status) ? permanent(refusal) : new Error(refusal);
}
