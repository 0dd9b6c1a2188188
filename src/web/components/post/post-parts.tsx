// Small pieces shared by the post card and the post page: the author line, the text and image,
// and the count labels (spec-1 §2 feed, spec-2 §2 post page). A post from elsewhere (`remote`)
// names its author by their fediverse handle, links to their page here (/@name@server) and has
// no page of its own here: its time links to it on their server (docs/federation.md "Posts from
// elsewhere").
import { clsx } from "clsx";
import { Link } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { displayName } from "../../../domain/display-name";
import { firstLink } from "../../../domain/first-link";
import { formatCount } from "../../../domain/numbers";
import { timeStamp } from "../../../domain/time-labels";
import { websiteHref } from "../../../domain/website";
import { useSite } from "../../lib/site-config";
import { useSessionUser } from "../../state/queries/session";
import { Avatar } from "../person/avatar";
import { PersonName } from "../person/person-name";
import { ProfileBadges } from "../person/profile-badges";
import { PostText } from "../text/post-text";
import { TimeStamp } from "../text/time-stamp";
import { LinkPreview } from "./link-preview";
import { PostImages } from "./post-images";
import { imagesSensitive } from "./sensitive-media";

/** "1 like", "3 likes". */
export function countLabel(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;
}

/** The author's page here. */
const authorPath = ({ author, remote }: PostView) =>
  remote ? `/@${remote.handle}` : `/${author.handle}`;

export function PostAvatar({ post, className }: { post: PostView; className?: string }) {
  const { author } = post;
  return (
    <Link to={authorPath(post)} tabIndex={-1} aria-hidden="true" className="shrink-0">
      <Avatar
        name={displayName(author)}
        src={author.profileImageUrl}
        className={className ?? "size-10"}
      />
    </Link>
  );
}

/** Name (a link to the profile), badges and @handle. In one line the handle gives way first. */
export function PostAuthorName({ post, stacked = false }: { post: PostView; stacked?: boolean }) {
  const { author } = post;
  return (
    <span className={clsx("flex min-w-0", stacked ? "flex-col" : "items-baseline gap-x-1")}>
      <span className={clsx("flex min-w-0 items-center gap-1", !stacked && "max-w-[75%] shrink-0")}>
        <Link
          to={authorPath(post)}
          className="truncate font-semibold text-neutral-900 hover:underline dark:text-neutral-100"
        >
          <PersonName person={author} />
        </Link>
        <ProfileBadges
          verificationType={author.verificationType}
          veteran={author.veteran}
          size={16}
        />
      </span>
      <span className="min-w-0 truncate text-sm text-neutral-500 dark:text-neutral-400">
        @{author.handle}
      </span>
    </span>
  );
}

const timeClass = "shrink-0 text-sm text-neutral-500 hover:underline dark:text-neutral-400";

/** The post's time stamp (components/text/time-stamp.tsx), linking to the post page, or for a
 * post from elsewhere to its page on their server (a new tab), when it has one. */
export function PostTimeLink({ post }: { post: PostView }) {
  const now = new Date();
  const { short, full } = timeStamp(new Date(post.createdAt), now);
  if (post.remote) {
    const stamp = <TimeStamp at={post.createdAt} now={now} />;
    // Their server says where the post is: only an http(s) address is a link.
    const href = websiteHref(post.remote.url);
    return href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`${short}, ${full}, open on their server`}
        className={timeClass}
      >
        {stamp}
      </a>
    ) : (
      <span className="shrink-0 text-sm text-neutral-500 dark:text-neutral-400">{stamp}</span>
    );
  }
  return (
    // Named whole, starting with the visible text: composed from <time> and hidden text, the
    // name read as '2h , …' in Chrome and as ', …' where <time> gives no text.
    <Link to={post.path} aria-label={`${short}, ${full}, open post`} className={timeClass}>
      <TimeStamp at={post.createdAt} now={now} />
    </Link>
  );
}

/** The text exactly as written (line breaks kept; web addresses, mentions and hashtags as links,
 * the addresses text while the author is new: text/post-text.tsx) and the images
 * (post-images.tsx).
 * `large` is the post's own page: there the pictures are the largest paint, so they are fetched at
 * once and shown whole; in lists they fill their frame and wait until near, but for the list's
 * first post (`lead`), whose picture is likely the largest paint of a feed or a profile. */
export function PostBody({
  post,
  large = false,
  lead = false,
}: {
  post: PostView;
  large?: boolean;
  lead?: boolean;
}) {
  return (
    <>
      <p
        className={clsx(
          "break-words whitespace-pre-wrap text-neutral-900 dark:text-neutral-100",
          large ? "text-lg leading-7" : "text-base leading-6",
        )}
      >
        <PostText
          text={post.content}
          elsewhere={post.remote !== undefined}
          linksInert={post.linksInert === true}
        />
      </p>
      {post.linksInert ? <InertLinksNote post={post} /> : null}
      <PostImages
        images={post.images}
        sensitive={imagesSensitive(post)}
        large={large}
        lead={lead}
      />
      {/* Not beside images, as Mastodon does (docs/feed.md "Link previews"). */}
      {post.linkPreview && post.images.length === 0 ? (
        <LinkPreview card={post.linkPreview} />
      ) : null}
    </>
  );
}

/** Tells a new author why their own post's web addresses are not links (docs/safety.md "New
 * accounts"); nobody else is told anything about the author's age. */
function InertLinksNote({ post }: { post: PostView }) {
  const viewer = useSessionUser().user;
  const { newAccountDays } = useSite();
  if (!viewer || viewer.id !== post.author.userId || firstLink(post.content) === null) return null;
  return (
    <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
      Links in your posts become clickable when your account is {accountAge(newAccountDays)} old.
    </p>
  );
}

/** "a week", "a day", "30 days": the age NEW_ACCOUNT_DAYS names. */
function accountAge(days: number): string {
  if (days === 7) return "a week";
  if (days === 1) return "a day";
  return `${days} days`;
}
