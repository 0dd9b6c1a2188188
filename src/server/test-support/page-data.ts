// Reads the page-data block the server embeds in a profile's or a post's HTML
// (http/page-preview.ts), as the browser's JSON.parse would.
import { PAGE_DATA_ELEMENT_ID } from "../../domain/page-blocks";

export function pageDataOf(html: string): unknown {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  const start = html.indexOf(open);
  if (start < 0) return null;
  const end = html.indexOf("</script>", start);
  return JSON.parse(html.slice(start + open.length, end));
}
