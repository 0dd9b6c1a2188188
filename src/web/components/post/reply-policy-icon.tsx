// The picture beside each 'Who can reply' and 'Who can message me' choice (docs/safety.md "Who can
// reply and write"): a globe for everyone, a person with a tick for the people one follows, two
// people for friends, a crossed bubble for nobody. Always next to the choice's words.
import { Globe, type LucideIcon, MessageCircleOff, UserCheck, Users } from "lucide-react";
import type { WhoMay } from "../../../domain/reply-controls";

export const WHO_MAY_ICONS: Record<WhoMay, LucideIcon> = {
  everyone: Globe,
  following: UserCheck,
  friends: Users,
  nobody: MessageCircleOff,
};
