// /{handle}/{postSlug} (spec-2 §2 "Post page"): the post, the reply box and the comments. A reader
// the post's 'Who can reply' leaves out sees why in place of the box (docs/safety.md "Who can
// reply and write").
// Opening it counts a view; <head> carries the post's text and image; a post that does not
// exist (or was just deleted) shows 'Post not found'.
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import type { PostView } from "../../../domain/contracts/posts";
import { pageText } from "../../../domain/page-titles";
import { signupRedirect } from "../../../domain/safe-next";
import { Button, buttonClass } from "../../components/controls/button";
import { IconButton } from "../../components/controls/icon-button";
import { LoadError } from "../../components/feedback/load-error";
import { Page } from "../../components/layout/page";
import { type PageMetaInput, usePageMeta } from "../../lib/document-head";
import { useSite } from "../../lib/site-config";
import { useGoBack } from "../../lib/use-go-back";
import { useRecordPostView } from "../../state/queries/post-views";
import { usePostByPathQuery } from "../../state/queries/posts";
import { useSessionUser } from "../../state/queries/session";
import { useWatchProfile } from "../../state/realtime-provider";
import { CommentThread } from "./comment-thread";
import { PostDetail } from "./post-detail";
import { ReplyClosed, replyState } from "./reply-closed";
import { ReplyForm } from "./reply-form";

/** The same meta the server puts into the HTML for crawlers (server/modules/posts/post-meta). */
function postMeta(post: PostView, siteName: string): PageMetaInput {
  const { author, content } = post;
  return {
    ...pageText(
      { kind: "post", authorName: author.fullName, handle: author.handle, content },
      siteName,
    ),
    image: post.images[0]?.url ?? null,
    canonicalPath: post.path,
    type: "article",
  };
}

function PostNotFound() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <h2 className="text-xl font-bold">Post not found</h2>
      <p className="text-neutral-600 dark:text-neutral-400">
        It may have been deleted, or the link is wrong.
      </p>
      <Link to="/" className={buttonClass()}>
        Go Home
      </Link>
    </div>
  );
}

export function PostPageScreen() {
  const { handle = "", postSlug = "" } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack("/");
  const { user } = useSessionUser();
  const { siteName } = useSite();
  const query = usePostByPathQuery(handle, postSlug);
  const post = query.data;
  useRecordPostView(post?.id);
  // The author's live news, their posts' like counts among it (docs/social-and-realtime.md).
  useWatchProfile(post?.author.userId);
  usePageMeta(
    post
      ? postMeta(post, siteName)
      : post === null
        ? pageText({ kind: "post-not-found" }, siteName)
        : null,
  );

  // /Ada/hello and /ada/hello are one post: show its canonical address.
  const canonical = post?.path;
  useEffect(() => {
    if (canonical && canonical !== location.pathname) {
      void navigate({ pathname: canonical, search: location.search }, { replace: true });
    }
  }, [canonical, location.pathname, location.search, navigate]);

  const toSignUp = () => void navigate(signupRedirect(`${location.pathname}${location.search}`));
  const signedOut = user === null ? toSignUp : null;
  const replies = post ? replyState(post, user) : "unknown";

  return (
    <Page>
      <div className="mb-4 flex items-center gap-2">
        <IconButton label="Back" onClick={goBack} className="-ml-2">
          <ArrowLeft aria-hidden="true" size={20} />
        </IconButton>
        <h1 className="text-xl font-bold">Post</h1>
      </div>
      {post ? (
        <>
          <PostDetail post={post} onDeleted={() => void navigate("/", { replace: true })} />
          <section
            aria-label="Reply"
            className="border-b border-neutral-200 py-4 dark:border-neutral-800"
          >
            {replies === "closed" ? (
              <ReplyClosed post={post} />
            ) : replies === "unknown" ? null : user ? (
              <ReplyForm postId={post.id} parentCommentId={null} label="Write a reply" />
            ) : user === null ? (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-neutral-600 dark:text-neutral-400">Sign in to reply</p>
                <Button onClick={toSignUp}>Sign In</Button>
              </div>
            ) : null}
          </section>
          <h2 className="sr-only">Comments</h2>
          <CommentThread
            postId={post.id}
            postAuthorId={post.author.userId}
            viewerId={user?.id ?? null}
            onSignedOut={signedOut}
            canReply={replies === "open"}
          />
        </>
      ) : post === null ? (
        <PostNotFound />
      ) : query.isError ? (
        <LoadError
          message="Failed to load post"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="py-16"
        />
      ) : (
        <p role="status" className="py-16 text-center text-neutral-500 dark:text-neutral-400">
          Loading...
        </p>
      )}
    </Page>
  );
}
