/**
 * What an account page shows instead of itself when it cannot (no access, a line that is not
 * there): its spec title ('Unable to View Address.'...), given translated, as the page's heading.
 */
export function AccountProblem({ title }: { title: string }) {
  return (
    <section role="alert">
      <h1>{title}</h1>
    </section>
  )
}
