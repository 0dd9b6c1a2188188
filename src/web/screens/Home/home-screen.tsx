// / (spec-1 §2): 'Loading...' while the session resolves, then the feed or the landing page.
import { useStaticPageMeta } from "../../lib/document-head";
import { useSessionUser } from "../../state/queries/session";
import { FeedHome } from "./feed-home";
import { Landing } from "./landing";

export function HomeScreen() {
  useStaticPageMeta("home");
  const { user, isPending } = useSessionUser();
  if (isPending) {
    return (
      <p role="status" className="py-24 text-center text-neutral-500 dark:text-neutral-400">
        Loading...
      </p>
    );
  }
  return user ? <FeedHome user={user} /> : <Landing />;
}
