// The card of the post a quote quotes (docs/feed.md "Reposts and quotes"): its author, time, text
// behind its content warning and first image; a click opens the quoted post (the author line is
// its link for the keyboard). A post the reader may not see says only that it is unavailable, or
// that its author removed it from the quote; one the reader's muted words match shows its author
// and a collapsed line (docs/safety.md "Muted words"). In the composer it has a 'Remove quote'
// button.
import { X } from "lucide-react";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { QuoteCardView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { IconButton } from "../controls/icon-button";
import { Avatar } from "../person/avatar";
import { PersonName } from "../person/person-name";
import { MutedHidden } from "../safety/muted-hidden";
import { TimeStamp } from "../text/time-stamp";
import { ContentWarning } from "./content-warning";
import { PostImages } from "./post-images";

export const QUOTE_UNAVAILABLE = "This post is unavailable.";
export const QUOTE_DETACHED = "The author removed this post from the quote.";

const INTERACTIVE = "a, button, input, textarea, select, label";
const frame =
  "mt-3 rounded-xl border border-neutral-200 bg-white dark:border-neutral-700 dark:bg-neutral-950";

export function QuoteCard({ card, onRemove }: { card: QuoteCardView; onRemove?: () => void }) {
  const navigate = useNavigate();
  if (card.unavailable) {
    return (
      <div
        role="note"
        className={`${frame} flex items-center gap-2 px-3 py-3 text-sm text-neutral-600 dark:text-neutral-400`}
      >
        <span className="flex-1">{card.detached ? QUOTE_DETACHED : QUOTE_UNAVAILABLE}</span>
        {onRemove ? <RemoveQuote onRemove={onRemove} /> : null}
      </div>
    );
  }
  const open = (event: MouseEvent<HTMLElement>) => {
    // The quoting post's own card must not open the quoting post as well.
    event.stopPropagation();
    if (onRemove) return;
    if ((event.target as Element).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    void navigate(card.path);
  };
  const name = displayName(card.author);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut only; the author line is the card's link
    <section
      aria-label={`Quoted post by ${name}`}
      onClick={open}
      className={`${frame} ${onRemove ? "" : "cursor-pointer hover:bg-neutral-50 dark:hover:bg-neutral-900"} px-3 py-2`}
    >
      <div className="flex items-center gap-2">
        <Avatar name={name} src={card.author.profileImageUrl} className="size-5" />
        <Link
          to={card.path}
          aria-label={`Open the quoted post by ${name}`}
          className="flex min-w-0 flex-1 items-baseline gap-1 text-sm hover:underline"
        >
          <span className="truncate font-semibold text-neutral-900 dark:text-neutral-100">
            <PersonName person={card.author} />
          </span>
          <span className="min-w-0 truncate text-neutral-500 dark:text-neutral-400">
            @{card.author.handle}
          </span>
          <span aria-hidden="true" className="text-neutral-400">
            ·
          </span>
          <span className="shrink-0 text-neutral-500 dark:text-neutral-400">
            <TimeStamp at={card.createdAt} />
          </span>
        </Link>
        {onRemove ? <RemoveQuote onRemove={onRemove} /> : null}
      </div>
      <MutedHidden mutedBy={card.mutedBy} className="mt-1">
        <div className="mt-1">
          <ContentWarning warning={card.contentWarning}>
            <p className="line-clamp-6 break-words whitespace-pre-wrap text-sm leading-5 text-neutral-900 dark:text-neutral-100">
              {card.content}
            </p>
            {card.image ? (
              <PostImages
                images={[card.image]}
                sensitive={card.imageSensitive || card.contentWarning !== null}
                large={false}
                lead={false}
              />
            ) : null}
          </ContentWarning>
        </div>
      </MutedHidden>
    </section>
  );
}

function RemoveQuote({ onRemove }: { onRemove: () => void }) {
  return (
    <IconButton label="Remove quote" size="sm" onClick={onRemove} className="-my-1 -mr-1">
      <X aria-hidden="true" size={16} />
    </IconButton>
  );
}
