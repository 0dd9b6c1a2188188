// Writing in an open conversation (spec-1 §5 compose rules, §8 mail errors). The first message of
// a new conversation that fails says 'Failed to send message. Please try again.'; a failed reply
// says 'Failed to send message: {error or SEND_FAILED}'; a refusal ('You can't message this
// person.') is said in the server's words alone. Either way the text stays. A thread the reader may
// not write in (a block, or the other person's 'Who can message me') says why before anyone types,
// its fields disabled (docs/mail.md "Who can be written to").

import type { ThreadView } from "../../../domain/contracts/mail";
import { errorMessage } from "../../lib/api";
import { toast } from "../../lib/toast";
import {
  type Draft,
  replyFailed,
  SEND_FAILED,
  sendRefusal,
  useSendMessageMutation,
} from "../../state/queries/mail-send";
import { ComposeForm } from "./compose-form";

export function ReplyComposer({ thread }: { thread: ThreadView }) {
  const send = useSendMessageMutation(thread.id);
  const isReply = thread.latestMessage !== null;

  const onSend = async (draft: Draft) => {
    try {
      await send.mutateAsync(draft);
      return true;
    } catch (error) {
      const refusal = sendRefusal(error);
      if (refusal) toast.error(refusal);
      else if (isReply) toast.error(replyFailed(error));
      else toast.error(SEND_FAILED, { description: errorMessage(error, "") || undefined });
      return false;
    }
  };

  return (
    <ComposeForm
      layout="reply"
      sending={send.isPending}
      onSend={onSend}
      refusal={thread.refusal?.message}
    />
  );
}
