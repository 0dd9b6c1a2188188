// Starts the inbound SMTP server with the app and stops it with the app (docs/mail.md "Inbound"):
// on SMTP_INBOUND_HOST:SMTP_INBOUND_PORT (loopback on the embedded default), delivering into
// the mail area. The bound port is on `app.inboundSmtp` (tests listen on port 0).
import { Resolver } from "node:dns/promises";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { type DnsResolver, type InboundSmtp, startInboundSmtp } from "../../infra/smtp-inbound";
import { acceptsLocalPart, deliverInbound } from "./inbound";

/** 1 MB messages, 50 connections at once (docs/mail.md "Limits"). */
const MAX_MESSAGE_BYTES = 1024 * 1024;
const MAX_CONNECTIONS = 50;

declare module "fastify" {
  interface FastifyInstance {
    inboundSmtp: { port: number };
  }
}

/** The system's DNS, answering or failing within 3 s (no DNS at all fails at once). */
export function systemResolver(): DnsResolver {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  return (name, type) => resolver.resolve(name, type);
}

export function registerInboundMail(
  app: FastifyInstance,
  ctx: Pick<AppContext, "db" | "outbox" | "config" | "log">,
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
      tls: ctx.config.smtpTls,
      resolver,
      acceptsRecipient: (local) => acceptsLocalPart(ctx, local),
      deliver: (mail) => deliverInbound(ctx, mail),
      logger: ctx.log,
    });
    bound.port = server.port;
    ctx.log.info({ port: server.port, host: ctx.config.smtpInboundHost }, "inbound SMTP listening");
  });
  app.addHook("onClose", async () => {
    await server?.close();
  });
}
