import type { PageProps } from '@shopwright/storefront/shared'
import { theme as base } from '@shopwright/theme-default/theme'

const DefaultHome = base.components.Welcome

/** The home page: a greeting of this theme's own above the default theme's home. */
export function Welcome(props: PageProps) {
  return (
    <>
      <section className="__NAME__-greeting" data-theme="__NAME__">
        <h2>Welcome to __TITLE__</h2>
        <p>This page comes from the __NAME__ theme: edit themes/__NAME__/src/Welcome.tsx.</p>
      </section>
      {DefaultHome ? <DefaultHome {...props} /> : null}
    </>
  )
}
