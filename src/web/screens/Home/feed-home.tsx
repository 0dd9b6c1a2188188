// Home for signed-in users (spec-1 §2 "Feed screen"). Posting and the feed are not built yet:
// the composer says so and stays disabled; the feed shows its empty state.
import { Newspaper } from "lucide-react";
import type { SessionUser } from "../../../domain/contracts/auth";
import { Avatar } from "../../components/avatar";
import { Page } from "../../components/page";

export function FeedHome({ user }: { user: SessionUser }) {
  return (
    <Page>
      <h1 className="sr-only">Home</h1>
      <section
        aria-label="New post"
        className="rounded-2xl border border-neutral-200 bg-white p-4 dark:border-neutral-800 dark:bg-neutral-900"
      >
        <div className="flex gap-3">
          <Avatar
            name={user.fullName || user.handle}
            src={user.profileImageUrl}
            className="size-10"
          />
          <div className="flex-1 space-y-2">
            <label htmlFor="composer" className="sr-only">
              What’s on your mind?
            </label>
            <textarea
              id="composer"
              disabled
              rows={2}
              placeholder="What’s on your mind?"
              aria-describedby="composer-note"
              className="w-full resize-none rounded-xl border border-neutral-200 bg-neutral-50 px-3 py-2 text-base disabled:cursor-not-allowed dark:border-neutral-800 dark:bg-neutral-950"
            />
            <p id="composer-note" className="text-sm text-neutral-500 dark:text-neutral-400">
              Posting arrives soon.
            </p>
          </div>
        </div>
      </section>
      <section
        aria-label="Feed"
        className="mt-6 flex flex-col items-center gap-2 py-16 text-center"
      >
        <Newspaper aria-hidden="true" size={40} className="text-neutral-400" />
        <p className="text-lg font-semibold">No posts yet</p>
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          Posts from you and the people you follow will show up here.
        </p>
      </section>
    </Page>
  );
}
