import { describe, expect, it } from "vitest";
import { readSignInParams, signInSearchFor } from "./sign-in-params";

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

describe("signInSearchFor", () => {
  it.each([
    ["?tab=register", "login", "tab=login"],
    ["?auth=signup&next=%2Fmail", "login", "next=%2Fmail&tab=login"],
    ["?next=%2Fmail", "register", "next=%2Fmail&tab=register"],
    ["?stage=reset&token=abc", "login", "tab=login"],
    ["?tab=login&email=a%40b.co", "forgot", "email=a%40b.co&stage=forgot"],
  ] as const)("%s showing %s → ?%s", (search, shown, expected) => {
    const result = signInSearchFor(new URLSearchParams(search), shown);
    expect(result.toString()).toBe(expected);
    expect(readSignInParams(result, "").stage).toBe(shown === "forgot" ? "forgot" : "auth");
  });
});
