// Above the reply box of a message request (docs/mail.md "Message requests"): who wrote is new
// here and the reader was not told; Accept (their threads join Mail's list and what they write
// later notifies: the same Accept as Activity's Requests) or Dismiss (put aside until their next
// message). Replying takes the conversation into the list too.

import { useNavigate } from "react-router";
import type { ThreadView } from "../../../domain/contracts/mail";
import { displayName } from "../../../domain/display-name";
import { Button } from "../../components/controls/button";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import { useDismissMessageRequestMutation } from "../../state/queries/message-requests";
import { useAnswerRequestMutation } from "../../state/queries/requests";

export function RequestBanner({ thread }: { thread: ThreadView }) {
  const navigate = useNavigate();
  const accept = useAnswerRequestMutation();
  const dismiss = useDismissMessageRequestMutation();
  const { other } = thread;
  if (!thread.request || other.kind !== "person") return null;
  const name = displayName(other.person);
  const { handle } = other.person;

  const onAccept = () =>
    accept.mutate(
      { senderId: other.person.userId, answer: "accept" },
      {
        onSuccess: () => {
          toast.success(`Accepted @${handle}: their messages and comments now notify you`);
          void navigate(`/mail?thread=${encodeURIComponent(thread.id)}`);
        },
        onError: (error) =>
          toast.error(errorMessage(error, `Could not accept @${handle}. Please try again.`)),
      },
    );
  const onDismiss = () =>
    dismiss.mutate(thread.id, {
      onSuccess: () => {
        toast.success(`Dismissed the conversation with @${handle}`);
        void navigate("/mail?view=requests");
      },
      onError: (error) =>
        toast.error(errorMessage(error, `Could not dismiss it. Please try again.`)),
    });

  return (
    <section
      aria-label="Message request"
      className="mb-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p>
        <strong>{name}</strong>’s account is newer than 30 days, so this conversation waits under
        Requests and you were not notified. Accept to move it to Mail and hear of them from now on;
        replying moves it too.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button onClick={onAccept} busy={accept.isPending}>
          Accept
        </Button>
        <Button variant="secondary" onClick={onDismiss} busy={dismiss.isPending}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
