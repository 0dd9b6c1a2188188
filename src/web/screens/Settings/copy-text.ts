// Copy buttons of the two-factor steps: the clipboard, with a toast either way.
import { toast } from "../../lib/toast";

export async function copyText(text: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error("Could not copy. Select the text and copy it instead.");
  }
}
