// /post/{postId} (spec-1 §2, spec-2 §8): a redirect only — to the post's page, or to / when
// anything goes wrong (no such post, a failed request).
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { usePostQuery } from "../../state/queries/posts";

export function PostRedirectScreen() {
  const { postId = "" } = useParams();
  const navigate = useNavigate();
  const query = usePostQuery(postId);
  const target = query.isPlaceholderData ? undefined : query.data;
  const failed = query.isError || postId === "";

  useEffect(() => {
    if (target) void navigate(target.path, { replace: true });
    else if (target === null || failed) void navigate("/", { replace: true });
  }, [target, failed, navigate]);

  return (
    <p role="status" className="py-24 text-center text-neutral-500 dark:text-neutral-400">
      Loading...
    </p>
  );
}
