// What a reporter is told (docs/safety.md "Reporters hear back"): the outcome of each closing
// action, and its sentence, which never tells a restriction from a suspension.
import { describe, expect, it } from "vitest";
import { reportOutcomeOf, reportOutcomeSentence } from "./report-outcomes";

describe("reportOutcomeOf", () => {
  it.each([
    ["remove", "removed"],
    ["restrict", "actioned"],
    ["suspend", "actioned"],
    ["dismiss", "dismissed"],
    ["restore", null],
    ["approve_appeal", null],
  ])("%s tells %s", (action, outcome) => {
    expect(reportOutcomeOf(action)).toBe(outcome);
  });
});

describe("reportOutcomeSentence", () => {
  it.each([
    ["removed", "post", "We removed the post you reported."],
    ["removed", "message", "We removed the message you reported."],
    ["actioned", "profile", "We took action on the account you reported."],
    ["actioned", "comment", "We took action on the account behind the comment you reported."],
    ["dismissed", "post", "We reviewed your report: no rule was broken."],
  ] as const)("%s %s: %s", (outcome, target, sentence) => {
    expect(reportOutcomeSentence(outcome, target)).toBe(sentence);
  });
});
