import { describe, expect, it } from "vitest";
import type { AppModule } from "./app-module";
import { joinOutboxHandlers } from "./app-modules";
import type { AppContext } from "./context";
import type { OutboxHandlers } from "./outbox/messages";

const ctx = {} as AppContext;
const register = () => undefined;
const noop = async () => undefined;

/** Handlers of every topic but media.delete, as if the outbox and the other modules gave them. */
const allButMedia = (): Partial<OutboxHandlers> => ({
  mail: noop,
  event: noop,
  "payments.cancel": noop,
  "payments.event": noop,
  "export.build": noop,
  "links.verify": noop,
  federate: noop,
  "federation.media": noop,
  push: noop,
});

describe("joinOutboxHandlers", () => {
  it("refuses to start when a topic has no handler, naming it", () => {
    expect(() => joinOutboxHandlers(allButMedia(), [{ register }], ctx)).toThrow(
      "No module handles the outbox topic(s): media.delete",
    );
  });

  it("runs a topic several modules handle in the order the modules are listed", async () => {
    const ran: string[] = [];
    const remover =
      (name: string): AppModule["outbox"] =>
      () => ({
        "media.delete": async ({ urls }) => {
          ran.push(`${name}:${urls.join()}`);
        },
      });
    const handlers = allButMedia();
    joinOutboxHandlers(
      handlers,
      [
        { register, outbox: remover("images") },
        { register },
        { register, outbox: remover("captures") },
      ],
      ctx,
    );
    await handlers["media.delete"]?.({ urls: ["/media/a.webp"] });
    expect(ran).toEqual(["images:/media/a.webp", "captures:/media/a.webp"]);
  });
});
