import { Breadcrumbs, useT, type Crumb } from '@shopwright/admin-ui/kit'
import { placeUrl } from './paths.js'

/** Drive › public › earth: the root and every folder up to the entry, each a link but the last. */
export function DriveCrumbs({ base, path }: { base: string; path: string }) {
  const t = useT()
  const names = path === '' ? [] : path.split('/')
  const items: Crumb[] = [
    { label: t('Drive'), to: base },
    ...names.map((name, index) => ({
      label: name,
      to: placeUrl(base, names.slice(0, index + 1).join('/')),
    })),
  ]
  return <Breadcrumbs items={items} />
}
