// The page every transactional mail shares (plain text plus simple HTML, with the site name): the
// HTML layout, escaping, the button link and the unsubscribe foot of the e-mails a person can turn
// off (docs/accounts.md "E-mails from us").
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const IGNORE_FOOT = `<p style="color:#71717a;font-size:12px;margin-top:24px">If you did not ask for this e-mail, you can ignore it.</p>`;

/** The page of every HTML mail; `foot` ends it (an e-mail a person can turn off ends with how). */
export function layout(siteName: string, body: string, foot = IGNORE_FOOT): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f5;padding:24px">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;color:#18181b">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(siteName)}</h1>${body}
${foot}
</div></body></html>`;
}

/** The foot of every e-mail a person can turn off (docs/accounts.md "E-mails from us"). */
export function unsubscribeText(links: { settingsLink: string; unsubscribeLink: string }): string {
  return `Unsubscribe from these e-mails: ${links.unsubscribeLink}\nChoose which e-mails you get: ${links.settingsLink}`;
}

export function unsubscribeHtml(links: { settingsLink: string; unsubscribeLink: string }): string {
  return `<p style="color:#71717a;font-size:12px;margin-top:24px"><a href="${escapeHtml(links.unsubscribeLink)}">Unsubscribe from these e-mails</a> or <a href="${escapeHtml(links.settingsLink)}">choose which e-mails you get</a>.</p>`;
}

export function button(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#18181b;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>`;
}
