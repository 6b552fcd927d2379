/**
 * Sends the browser to the card provider's hosted payment page. Only an http(s) address is
 * followed: the URL comes from the server, but a `javascript:` one must never run here.
 */
export function goToHostedPage(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.href);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  window.location.assign(parsed.href);
  return true;
}
