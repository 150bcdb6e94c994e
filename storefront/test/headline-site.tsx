// Shared by the suites that read pages by their headline: the draft's preview and renamed records.
import type { Kernel } from '@shopwright/core'
import { bootTestKernel, type DatabaseUnderTest } from '@shopwright/core/testing'
import records from '@shopwright/plugin-records'
import account from '@shopwright/plugin-account'
import translations from '@shopwright/plugin-translations'
import { allSeeds } from '@shopwright/seeds'
import { storefrontPlugin } from '../src/plugin/index.js'
import type { PageProps, Theme } from '../src/shared/contract.js'
import { testThemeModule } from './helpers.js'

/** A theme whose pages show their record's headline, and 'Nothing here' at a 404. */
export function headlineTheme(name: string): Theme {
  const Headline = ({ record }: PageProps) => <h1>{String(record?.headline ?? 'no record')}</h1>
  return {
    name,
    Shell: ({ children }) => <main>{children}</main>,
    NotFound: () => <h1>Nothing here</h1>,
    components: { Welcome: Headline, About: Headline },
  }
}

/** The headline a page shows. */
export function headline(html: string): string | undefined {
  return /<h1>(.*?)<\/h1>/.exec(html)?.[1]
}

/** The sample company's site with the records, account, translations and storefront plugins. */
export async function bootHeadlineSite(
  database: DatabaseUnderTest,
  name: string,
  /** `pages: false`: a process that serves no pages (a command), the storefront plugin running. */
  options: { pages?: boolean } = {},
): Promise<{ kernel: Kernel; close: () => Promise<void> }> {
  const booted = await bootTestKernel(
    database,
    [
      records,
      account,
      translations,
      storefrontPlugin({ theme: testThemeModule(headlineTheme(name)) }),
    ],
    {},
    options,
  )
  await booted.kernel.seed(allSeeds())
  return booted
}
