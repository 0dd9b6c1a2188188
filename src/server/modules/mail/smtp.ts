// Starts the inbound SMTP server with the app and stops it with the app (docs/mail.md "Inbound"):
// on SMTP_INBOUND_HOST:SMTP_INBOUND_PORT (loopback on the embedded default), delivering into
// the mail area. The bound port is on `app.inboundSmtp` (tests listen on port 0).
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { DnsResolver } from "../../infra/dns-resolver";
import { type InboundSmtp, startInboundSmtp } from "../../infra/smtp-inbound";
import { deliverInbound, inboundRecipient } from "./inbound";

/**
 * 1 MB messages; 100 connections at once, at most 10 from one address, so one client cannot take
 * every place while a large provider's parallel deliveries still get in (docs/mail.md "Inbound").
 */
const MAX_MESSAGE_BYTES = 1024 * 1024;
const MAX_CONNECTIONS = 100;
const MAX_CONNECTIONS_PER_ADDRESS = 10;

/**
 * Deadlines no trickle of bytes extends, from the idle time (SMTP_INBOUND_IDLE_SECONDS, 30 s by
 * default; docs/mail.md "Inbound"): a command line within the idle time of when we wait for it;
 * the session before DATA within four times it (2 minutes: a dozen commands, each answered at
 * once); the message within twenty times it (10 minutes, RFC 5321 §4.5.3.2's longest wait).
 */
const deadlinesFor = (idleMs: number) => ({
  lineMs: idleMs,
  sessionMs: 4 * idleMs,
  dataMs: 20 * idleMs,
});

declare module "fastify" {
  interface FastifyInstance {
    inboundSmtp: { port: number };
  }
}

export function registerInboundMail(
  app: FastifyInstance,
  ctx: Pick<AppContext, "db" | "outbox" | "config" | "log" | "metrics">,
  resolver: DnsResolver,
): void {
  const bound = { port: 0 };
  let server: InboundSmtp | null = null;
  app.decorate("inboundSmtp", bound);
  app.addHook("onReady", async () => {
    server = await startInboundSmtp({
      host: ctx.config.smtpInboundHost,
      port: ctx.config.smtpInboundPort,
      domain: ctx.config.mailDomain,
      maxBytes: MAX_MESSAGE_BYTES,
      maxClients: MAX_CONNECTIONS,
      maxClientsPerAddress: MAX_CONNECTIONS_PER_ADDRESS,
      socketTimeoutMs: ctx.config.smtpInboundIdleMs,
      deadlines: deadlinesFor(ctx.config.smtpInboundIdleMs),
      tls: ctx.config.smtpTls,
      resolver,
      findRecipient: (localPart, sender) =>
        inboundRecipient(ctx.db, { localPart, sender, domain: ctx.config.mailDomain }),
      deliver: async (mail) => {
        try {
          const stored = await deliverInbound(ctx, mail);
          ctx.metrics.smtpMessages.inc({ direction: "in", outcome: "accepted" });
          return stored;
        } catch (error) {
          ctx.metrics.smtpMessages.inc({ direction: "in", outcome: "refused" });
          throw error;
        }
      },
      logger: ctx.log,
    });
    bound.port = server.port;
    ctx.log.info({ port: server.port, host: ctx.config.smtpInboundHost }, "inbound SMTP listening");
  });
  app.addHook("onClose", async () => {
    await server?.close();
  });
}
