// The small pages a browser gets at an unsubscribe link (docs/accounts.md "E-mails from us"): the
// question with a button that POSTs (a GET changes nothing, since link scanners follow links),
// then the answer, or why the link does not work. Plain HTML with its own styles in the light or
// dark scheme the system asks for, readable at 375 px; our CSP allows inline styles and posting a
// form to ourselves.
import { escapeHtml } from "../../infra/mail-layout";

const STYLE = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{margin:0;background:#f5f5f5;color:#171717}
main{box-sizing:border-box;max-width:28rem;margin:10vh auto;padding:1.5rem;background:#fff;border:1px solid #e5e5e5;border-radius:1.5rem}
h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1rem;color:#525252}
button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border:0;border-radius:999px;background:#0369a1;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #0ea5e9;outline-offset:2px}
a{color:#0369a1}
@media (max-width:30rem){main{margin:1rem;}}
@media (prefers-color-scheme:dark){body{background:#0a0a0a;color:#f5f5f5}main{background:#171717;border-color:#262626}p{color:#a3a3a3}a{color:#38bdf8}button{background:#0ea5e9;color:#0a0a0a}}`;

function page(siteName: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

const settingsLink = `<p><a href="/settings">Choose which e-mails you get in Settings</a></p>`;

/** 'Unsubscribe from daily digest e-mails?' and the button. */
export function confirmPage(input: { siteName: string; label: string; action: string }): string {
  return page(
    input.siteName,
    `Unsubscribe from ${input.label} e-mails?`,
    `<p>We'll stop sending you ${escapeHtml(input.label)} e-mails from ${escapeHtml(input.siteName)}.</p>
<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">Unsubscribe</button></p></form>${settingsLink}`,
  );
}

export function donePage(input: { siteName: string; label: string }): string {
  return page(
    input.siteName,
    "You won't get these e-mails any more",
    `<p>${escapeHtml(input.label[0]?.toUpperCase() ?? "")}${escapeHtml(input.label.slice(1))} e-mails are turned off. You can turn them back on at any time.</p>${settingsLink}`,
  );
}

export function invalidPage(input: { siteName: string; message: string }): string {
  return page(
    input.siteName,
    "This link does not work",
    `<p>${escapeHtml(input.message)}</p>${settingsLink}`,
  );
}
