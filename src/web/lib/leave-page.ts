// Leaving the app for another address (a payment provider's checkout, its billing portal, or a
// return address the server chose): a full page load, not a client-side navigation. One seam,
// so tests can watch where the page would go.
export function leavePage(url: string): void {
  window.location.assign(url);
}
