// Hydrated rows → the API's PostView, in the order of the ids asked for.
import type { PostView, QuotedPostView } from "../../../domain/contracts/posts";
import { displayHandle } from "../../../domain/handles";
import { linksInert } from "../../policy/new-accounts";
import { toPersonSummary } from "../profiles/person";
import type { HydratedPost } from "./queries";

/** A post's view without what depends on the reader. */
type SharedView = Omit<PostView, "likedByMe" | "isAuthor" | "repostedByMe" | "quote">;

/**
 * What a cached post's shared view keeps alive beyond the row, which the post cache counts with
 * each entry (infra/approximate-size.ts's layouts): the view (13 fields), the author's summary (7),
 * the path and the two dates as text, and the WeakMap's record and entry. present.test.ts holds
 * it to the estimate of a real view.
 */
export const PRESENTED_VIEW_BYTES = 420;

/**
 * Each post's shared view, made once for its row: the post cache (hydration.ts) hands every reader
 * the same row objects and replaces a row's `post` when anything of it changes, so a view is
 * keyed by that object and also checked against the author it was made with. Every page of 20
 * posts otherwise wrote 40 dates as text and 20 author summaries again (docs/performance.md
 * "Posts presented once").
 */
const shared = new WeakMap<
  HydratedPost["post"],
  { author: HydratedPost["author"]; view: SharedView }
>();

type PreviewRow = HydratedPost["linkPreview"];

const isCard = (row: PreviewRow): row is NonNullable<PreviewRow> & { title: string } =>
  row !== null && row.title !== null;

function sharedView({ post, author, authorPrivate, linkPreview }: HydratedPost): SharedView {
  const known = shared.get(post);
  if (known && known.author === author) return known.view;
  const view: SharedView = {
    id: post.id,
    author: toPersonSummary(author),
    content: post.content,
    contentWarning: post.contentWarning,
    images: post.images,
    imageSensitive: post.imageSensitive,
    // The row's own object: a post points only at a read that found a title (posts/link-previews.ts).
    linkPreview: isCard(linkPreview) ? linkPreview : undefined,
    path: `/${displayHandle(author)}/${post.slug}`,
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    viewsCount: post.viewsCount,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    repostsCount: post.repostsCount,
    repostable: !authorPrivate,
    quotesCount: post.quotesCount,
    replyPolicy: post.replyPolicy,
  };
  shared.set(post, { author, view });
  return view;
}

/**
 * The reader's view of a post. `inertSince`: accounts made after this moment are new, and their
 * posts' links inert (policy/new-accounts.ts `newAccountsSince`; null: none is), which depends on
 * the moment and so is decided here, per answer, after every cache.
 */
export function presentPost(
  row: HydratedPost,
  viewerId: string | null,
  inertSince: Date | null,
): PostView {
  const view = sharedView(row);
  const inert = linksInert(row.authorCreatedAt, inertSince);
  // Field by field, not a spread: a property written after a spread takes V8's slow path
  // (docs/performance.md "Presenting rows").
  const presented: PostView = {
    id: view.id,
    author: view.author,
    content: view.content,
    contentWarning: view.contentWarning,
    images: view.images,
    imageSensitive: view.imageSensitive,
    linkPreview: inert ? undefined : view.linkPreview,
    path: view.path,
    likesCount: view.likesCount,
    commentsCount: view.commentsCount,
    viewsCount: view.viewsCount,
    likedByMe: Boolean(row.likedByMe),
    isAuthor: viewerId === row.post.userId,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    repostsCount: view.repostsCount,
    repostedByMe: Boolean(row.repostedByMe),
    repostable: view.repostable,
    quotesCount: view.quotesCount,
    quote: row.quote,
    replyPolicy: view.replyPolicy,
  };
  // Only on a new author's posts, which are few: the others keep the view's one shape.
  if (inert) presented.linksInert = true;
  return presented;
}

/** The quoted post as a quote's card shows it (docs/feed.md "Reposts and quotes"): its first
 * image only. */
export function quoteCardOf(row: Pick<HydratedPost, "post" | "author">): QuotedPostView {
  const { post, author } = row;
  return {
    unavailable: false,
    id: post.id,
    author: toPersonSummary(author),
    content: post.content,
    contentWarning: post.contentWarning,
    image: post.images[0] ?? null,
    imageSensitive: post.imageSensitive,
    path: `/${displayHandle(author)}/${post.slug}`,
    createdAt: post.createdAt.toISOString(),
  };
}

export function presentInOrder(
  rows: HydratedPost[],
  ids: string[],
  viewerId: string | null,
  inertSince: Date | null,
): PostView[] {
  const byId = new Map(rows.map((row) => [row.post.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentPost(row, viewerId, inertSince)] : [];
  });
}
