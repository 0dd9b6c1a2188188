import { describe, expect, it } from "vitest";
import type { RemoteFollowRequestView } from "../../../domain/contracts/federation";
import type { FollowRequestView } from "../../../domain/contracts/follow-requests";
import { followRequestRows } from "./follow-request-rows";

const here = (userId: string, since: string): FollowRequestView => ({
  userId,
  fullName: userId,
  handle: userId,
  username: userId,
  profileImageUrl: null,
  verificationType: "none",
  veteran: false,
  since,
});
const elsewhere = (id: string, since: string): RemoteFollowRequestView => ({
  id,
  handle: `${id}@social.example`,
  name: id,
  since,
});

const keys = (...args: Parameters<typeof followRequestRows>) =>
  followRequestRows(...args).map((row) => row.key);

describe("followRequestRows", () => {
  const h1 = here("h1", "2026-11-29T10:00:00Z");
  const h2 = here("h2", "2026-11-29T08:00:00Z");
  const e1 = elsewhere("e1", "2026-11-29T09:00:00Z");
  const e2 = elsewhere("e2", "2026-11-29T07:00:00Z");

  it.each([
    [
      "all loaded: one list, newest first",
      false,
      ["here:h1", "elsewhere:e1", "here:h2", "elsewhere:e2"],
    ],
    [
      "more from here to load: older ones from elsewhere wait",
      true,
      ["here:h1", "elsewhere:e1", "here:h2"],
    ],
  ])("%s", (_name, moreHere, expected) => {
    expect(keys([h1, h2], [e1, e2], moreHere)).toEqual(expected);
  });

  it("shows someone elsewhere without a picture, linking to their page here", () => {
    const [row] = followRequestRows([], [e1], false);
    expect(row?.path).toBe("/@e1@social.example");
    expect(row?.person).toMatchObject({ handle: "e1@social.example", profileImageUrl: null });
  });
});
