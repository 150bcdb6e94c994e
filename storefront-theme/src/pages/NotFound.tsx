/** An address no route matches (spec 000 section 2): 'Page not Found', with HTTP 404 from the server. */
export function NotFound() {
  return (
    <section className="sw-page">
      <h1>Page not Found</h1>
      <p>
        The address does not lead to a page. <a href="/">Go to the home page</a>.
      </p>
    </section>
  )
}
