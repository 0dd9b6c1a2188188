// The repost button's menu once it has been used (post-repost-button.tsx), in a chunk of its own
// with the quote composer (docs/performance.md "Initial JavaScript"): Repost (or Undo repost) and
// Quote (docs/feed.md "Reposts and quotes"), for posts from elsewhere too.
import { Quote, Repeat2 } from "lucide-react";
import { useState } from "react";
import type { PostView } from "../../../domain/contracts/posts";
import { useRepostMutation } from "../../state/queries/post-reposts";
import { OptionsMenu, type WithLook } from "../menu/options-menu";
import { OptionsMenuItem } from "../menu/options-menu-item";
import { QuoteComposerDialog } from "./quote-composer-dialog";

export interface RepostMenuProps {
  post: PostView;
  reposted: boolean;
}

export default function RepostMenu({ post, reposted, look }: WithLook<RepostMenuProps>) {
  const repost = useRepostMutation(post);
  const [quoting, setQuoting] = useState(false);
  return (
    <>
      <OptionsMenu {...look} usedAlready>
        <OptionsMenuItem
          icon={<Repeat2 aria-hidden="true" size={16} />}
          onSelect={() => repost.mutate(reposted)}
        >
          {reposted ? "Undo repost" : "Repost"}
        </OptionsMenuItem>
        <OptionsMenuItem
          icon={<Quote aria-hidden="true" size={16} />}
          onSelect={() => setQuoting(true)}
        >
          Quote
        </OptionsMenuItem>
      </OptionsMenu>
      <QuoteComposerDialog post={post} open={quoting} onOpenChange={setQuoting} />
    </>
  );
}
