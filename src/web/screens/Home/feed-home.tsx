// Home for signed-in users (spec-1 §2 "Feed screen"): the composer, the first-run checklist
// (docs/feed.md "People to follow") and the live feed.
import type { SessionUser } from "../../../domain/contracts/auth";
import { Page } from "../../components/layout/page";
import { useProfileQuery } from "../../state/queries/profiles";
import { FirstSteps } from "./first-steps";
import { LiveFeed } from "./live-feed";
import { PostComposer } from "./post-composer";

export function FeedHome({ user }: { user: SessionUser }) {
  // The checklist reads the person's profile and may show above the feed: the posts wait for that
  // answer, so they are not pushed down once shown (docs/performance.md "Lighthouse").
  const profile = useProfileQuery(user.handle);
  return (
    <Page>
      <h1 className="sr-only">Home</h1>
      <PostComposer user={user} />
      <FirstSteps user={user} />
      <LiveFeed held={profile.isPending} />
    </Page>
  );
}
