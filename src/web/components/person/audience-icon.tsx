// The picture beside each audience (docs/profiles-and-media.md "Who sees what"): a globe for
// Everyone, two people for Friends, a lock for Only me. Always next to the audience's words.
import { Globe, Lock, type LucideIcon, Users } from "lucide-react";
import type { Audience } from "../../../domain/audiences";

export const AUDIENCE_ICONS: Record<Audience, LucideIcon> = {
  everyone: Globe,
  friends: Users,
  only_me: Lock,
};
