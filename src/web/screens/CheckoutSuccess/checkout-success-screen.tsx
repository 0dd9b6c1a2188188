// /checkout-success/{session_id} (spec-2 §2). Not built yet: an honest placeholder.
import { PlaceholderScreen } from "../../components/placeholder-screen";

export function CheckoutSuccessScreen() {
  return <PlaceholderScreen title="Checkout" />;
}
