import { ErrorView } from '../kit/ErrorView.js'
import { useT } from '../kit/i18n.js'
import type { ServiceConflict } from './shell-services.js'

/**
 * Why the admin cannot open, instead of a screen that fails later: no running plugin provides
 * sign-in (nobody could sign in or be told who they are), or several provide the same service
 * and the shell will not guess which one the site meant.
 */
export function ShellProblem({ conflicts }: { conflicts: readonly ServiceConflict[] }) {
  const t = useT()
  if (conflicts.length === 0)
    return (
      <main className="sw-admin-main" data-testid="no-sign-in">
        <ErrorView title="Unable to Login">
          <p>
            {t(
              'No running plugin provides sign-in: add one, such as account, to the site’s plugins.',
            )}
          </p>
        </ErrorView>
      </main>
    )
  return (
    <main className="sw-admin-main" data-testid="service-conflict">
      <ErrorView title="Error">
        {conflicts.map((conflict) => (
          <p key={conflict.service}>
            {t(
              'More than one running plugin provides {0} ({1}): keep only one of them in the site’s plugins.',
              conflict.service,
              conflict.plugins.join(', '),
            )}
          </p>
        ))}
      </ErrorView>
    </main>
  )
}
