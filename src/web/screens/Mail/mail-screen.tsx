// /mail (spec-1 §2 "Mail screen"). Not built yet: an honest placeholder.
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function MailScreen() {
  return <PlaceholderScreen title="Mail" />;
}
