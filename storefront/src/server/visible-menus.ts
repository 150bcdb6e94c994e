import type { MenuItem } from '../shared/page.js'

/**
 * The menu items the visitor may view: an item with a security record needs view on it; one
 * without is everyone's. A link to a page that is not there for the visitor (`shows`: the record
 * its route names is unpublished, binned or hidden from them) is left out rather than leading to
 * 'Page not Found'. A group left without links or submenus is dropped.
 */
export async function visibleMenus(
  groups: Record<string, MenuItem[]>,
  canView: (security: string) => Promise<boolean>,
  shows: (href: string) => Promise<boolean> = async () => true,
): Promise<Record<string, MenuItem[]>> {
  const filter = async (items: MenuItem[]): Promise<MenuItem[]> => {
    const kept: MenuItem[] = []
    for (const item of items) {
      if (item.security && !(await canView(item.security))) continue
      if (item.href && !(await shows(item.href))) continue
      const submenus = item.submenus ? await filter(item.submenus) : undefined
      if (!item.href && (!submenus || submenus.length === 0)) continue
      kept.push({ ...item, ...(submenus ? { submenus } : {}) })
    }
    return kept
  }
  const visible: Record<string, MenuItem[]> = {}
  for (const [group, items] of Object.entries(groups)) visible[group] = await filter(items)
  return visible
}
