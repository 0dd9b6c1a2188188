// The card of the link in the text being written (docs/feed.md "Link previews"): asked of the
// server, which reads the page; the browser never fetches it. Kept per link while the composer
// is open, so typing on after the link asks nothing again.
import { useQuery } from "@tanstack/react-query";
import type { LinkPreviewCard, linkPreviewResponse } from "../../../domain/contracts/link-previews";
import { apiRequest } from "../../lib/api";

export const linkPreviewKey = (url: string) => ["link-previews", url] as const;

/** The card of `url` (null: the page has none); nothing is asked while `url` is null. */
export function useLinkPreview(url: string | null) {
  return useQuery({
    queryKey: linkPreviewKey(url ?? ""),
    queryFn: async ({ signal }): Promise<LinkPreviewCard | null> => {
      // 204 (no card) reads as {}.
      const answer = await apiRequest<typeof linkPreviewResponse>("/api/link-previews", {
        method: "POST",
        body: { url },
        signal,
      });
      return answer.preview ?? null;
    },
    enabled: url !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
