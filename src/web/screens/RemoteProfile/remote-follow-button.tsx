// Follow / Requested / Following for a person on another server (docs/federation.md "Follows"):
// Follow sends the request, which stays 'Requested' until their server accepts; pressing Requested
// takes it back and pressing Following unfollows, at once, as for a person here
// (components/person/follow-button.tsx).
import type { RemotePersonView } from "../../../domain/contracts/federation";
import { FollowToggle } from "../../components/person/follow-toggle";
import { useRemoteFollowMutation } from "../../state/queries/federation";

export function RemoteFollowButton({ person }: { person: RemotePersonView }) {
  const follow = useRemoteFollowMutation(person);
  return (
    <FollowToggle
      state={person.follow}
      busy={follow.isPending}
      pending={follow.isPending}
      onClick={() => {
        if (!follow.isPending) follow.mutate(person.follow);
      }}
    />
  );
}
