import { describe, expect, it } from "vitest";
import { fediverseHandleOf } from "./fediverse-handle";

describe("fediverseHandleOf", () => {
  it.each([
    ["@carol@social.example", "carol@social.example"],
    ["carol@social.example", "carol@social.example"],
    ["  @Carol@Social.Example  ", "Carol@Social.Example"],
    ["carol@localhost:8443", "carol@localhost:8443"],
    ["carol", null],
    ["@carol", null],
    ["carol@", null],
    ["@carol@social.example/path", null],
    ["carol@bad_host.example", null],
    ["ca rol@social.example", null],
    ["a@b@c.example", null],
  ])("%j → %j", (text, handle) => expect(fediverseHandleOf(text)).toBe(handle));
});
