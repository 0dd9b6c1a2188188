// POST /api/link-previews and the card a post shows (docs/feed.md "Link previews").
import { z } from "zod";
import { LINK_MAX, normalLink } from "../first-link";

export const linkPreviewRequest = z.object({
  url: z
    .string()
    .trim()
    .max(LINK_MAX, { message: `Links are at most ${LINK_MAX} characters.` })
    .transform((url, context) => {
      const link = normalLink(url);
      if (!link)
        context.addIssue({ code: "custom", message: "This is not an http or https link." });
      return link ?? z.NEVER;
    }),
});

/** A card: what the linked page says of itself, its image our own copy (/media/…). */
export const linkPreviewCard = z.object({
  id: z.string(),
  /** The link the card opens: the post's first link. */
  url: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type LinkPreviewCard = z.infer<typeof linkPreviewCard>;

export const linkPreviewResponse = z.object({ preview: linkPreviewCard });
