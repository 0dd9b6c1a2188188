// The two topics the outbox delivers without a module (docs/outbox.md "Topics"): an e-mail through
// the mailer, counted in the SMTP metrics, and a domain event onto the bus.
import type { Mailer } from "../infra/mailer";
import type { Metrics } from "../infra/metrics";
import type { EventBus } from "../realtime/bus";
import type { OutboxHandlers } from "./messages";

export function ownTopics(
  mailer: Mailer,
  metrics: Metrics,
  bus: EventBus,
): Pick<OutboxHandlers, "mail" | "event"> {
  return {
    mail: async (mail) => {
      try {
        await mailer.send(mail);
        metrics.smtpMessages.inc({ direction: "out", outcome: "sent" });
      } catch (error) {
        metrics.smtpMessages.inc({ direction: "out", outcome: "failed" });
        throw error;
      }
    },
    event: (event) => bus.publish(event),
  };
}
