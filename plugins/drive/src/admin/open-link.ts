/**
 * Follows an address as a link does (a download: the page stays, the browser saves the answer);
 * a link rather than `location.assign`, so an answer that is not an attachment never replaces
 * the admin.
 */
export function openLink(href: string): void {
  const link = document.createElement('a')
  link.href = href
  link.rel = 'noopener'
  link.download = ''
  document.body.append(link)
  link.click()
  link.remove()
}
