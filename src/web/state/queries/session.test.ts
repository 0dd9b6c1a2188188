import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { sessionEnded, sessionKeys } from "./session";

const signedIn = () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.current(), { user: { id: "u1" } });
  return queryClient;
};
const stale = (queryClient: QueryClient) =>
  queryClient.getQueryState(sessionKeys.current())?.isInvalidated;

describe("sessionEnded", () => {
  it("asks for the session again", () => {
    const queryClient = signedIn();
    sessionEnded(queryClient);
    expect(stale(queryClient)).toBe(true);
  });

  it("leaves it while this tab's own request is renewing the session", async () => {
    const queryClient = signedIn();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const renewing = queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: sessionKeys.renewing(),
        mutationFn: () => answered,
      })
      .execute(undefined);
    sessionEnded(queryClient);
    expect(stale(queryClient)).toBe(false);
    answer();
    await renewing;
    sessionEnded(queryClient);
    expect(stale(queryClient)).toBe(true);
  });
});
