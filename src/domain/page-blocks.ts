// The ids of the `<script type="application/json">` elements the server puts in every HTML page
// (docs/architecture.md "Web app pages"): the site settings (contracts/site.ts), who is signed in
// (as GET /api/auth/session answers: contracts/auth.ts), what the signed-in header shows
// (contracts/header-state.ts), and a page's own view (contracts/page-data.ts).

export const SITE_CONFIG_ELEMENT_ID = "site-config";
export const SESSION_ELEMENT_ID = "session";
export const HEADER_STATE_ELEMENT_ID = "header-state";
export const PAGE_DATA_ELEMENT_ID = "page-data";
