/**
 * Leaves the app for a full page load: the server decides who answers the address (the storefront
 * theme's /login, the account plugin's reset page). One place, so tests can watch where it goes.
 */
export function loadPage(url: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.location.replace(url)
  else window.location.assign(url)
}
