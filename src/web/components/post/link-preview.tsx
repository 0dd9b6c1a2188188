// A link's preview card (docs/feed.md "Link previews"): the page's image (our stored copy) at the
// left, its domain, its title and description each cut to two lines. The whole card is one link
// that opens the page in a new tab; the image says nothing the text does not, so its alt is empty.
// In the composer it carries a 'Remove preview' button.
import { X } from "lucide-react";
import type { LinkPreviewCard } from "../../../domain/contracts/link-previews";
import { IconButton } from "../controls/icon-button";

/** The host a card names, without a leading www. */
export const cardDomain = (url: string): string => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

export function LinkPreview({
  card,
  onRemove,
}: {
  card: LinkPreviewCard;
  /** Shown in the composer: drops the card from the post being written. */
  onRemove?: () => void;
}) {
  const domain = cardDomain(card.url);
  return (
    <div className="relative mt-3">
      <a
        href={card.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="flex min-h-24 overflow-hidden rounded-2xl border border-neutral-200 bg-white text-left transition-colors hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-500 dark:border-neutral-800 dark:bg-neutral-950 dark:hover:bg-neutral-900"
      >
        {card.imageUrl ? (
          <img
            src={card.imageUrl}
            alt=""
            loading="lazy"
            decoding="async"
            className="w-24 shrink-0 border-r border-neutral-200 bg-neutral-100 object-cover sm:w-32 dark:border-neutral-800 dark:bg-neutral-900"
          />
        ) : null}
        <span
          className={`flex min-w-0 flex-1 flex-col justify-center gap-0.5 p-3 ${onRemove ? "pr-12" : ""}`}
        >
          <span className="truncate text-xs text-neutral-600 dark:text-neutral-400">
            {card.siteName && card.siteName.toLowerCase() !== domain ? `${card.siteName} · ` : ""}
            {domain}
          </span>
          <span className="line-clamp-2 text-sm font-semibold text-neutral-900 dark:text-neutral-100">
            {card.title}
          </span>
          {card.description ? (
            <span className="line-clamp-2 text-sm text-neutral-600 dark:text-neutral-400">
              {card.description}
            </span>
          ) : null}
        </span>
      </a>
      {onRemove ? (
        // Placed by its wrapper: the button's own class list keeps it `relative`.
        <div className="absolute top-2 right-2">
          <IconButton label="Remove preview" tone="overlay" size="sm" onClick={onRemove}>
            <X aria-hidden="true" size={18} />
          </IconButton>
        </div>
      ) : null}
    </div>
  );
}
