import { describe, expect, it } from "vitest";
import { readSignInParams } from "./sign-in-params";

describe("readSignInParams", () => {
  it.each([
    ["", "", "auth", "login", null],
    ["?tab=register", "", "auth", "register", null],
    ["?auth=signup", "", "auth", "register", null],
    ["?tab=login", "", "auth", "login", null],
    ["?tab=other", "", "auth", "login", null],
    ["?stage=reset&token=abc", "", "reset", "login", "abc"],
    ["", "#type=recovery&access_token=xyz", "reset", "login", "xyz"],
    ["?stage=reset", "", "reset", "login", null],
    ["?stage=forgot", "", "forgot", "login", null],
  ])("%s %s → %s/%s token %s", (search, hash, stage, tab, token) => {
    const params = readSignInParams(new URLSearchParams(search), hash);
    expect(params.stage).toBe(stage);
    expect(params.tab).toBe(tab);
    expect(params.resetToken).toBe(token);
  });
});
