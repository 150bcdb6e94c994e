import type { ComponentType, LazyExoticComponent } from 'react'
import type { FieldEditor, FieldEditors } from '../kit/fields/field-editors.js'
import type { RecordSection, RecordSections } from '../kit/fields/record-sections.js'
import type { AuthProvider } from './auth.js'
import type { SiteLanguagesProvider, TextsProvider } from './languages.js'
import type { SiteSettingsProvider } from './site-settings.js'

export type { AuthProvider, Identity, LoginPreview, LoginResult } from './auth.js'
export type { SiteLanguagesProvider, SiteLocale, TextsProvider } from './languages.js'
export type { PageSizeKind, SiteSettings, SiteSettingsProvider } from './site-settings.js'
export type { FieldEditor, FieldEditorProps, FieldEditors } from '../kit/fields/field-editors.js'
export type {
  RecordSection,
  RecordSectionProps,
  RecordSections,
} from '../kit/fields/record-sections.js'

/** An entry of the admin menu, shown only with view access on its panel's security record. */
export interface MenuEntry {
  /** The English label; the translations plugin translates it through the `admin` set. */
  label: string
  /** A Material Design Icons name (`database`, `delete`...), as the spec's record types use. */
  icon: string
  /** Where the entry leads; defaults to the panel's path. */
  to?: string
  /**
   * Place in the menu: lower first. The specification's entries (SPEC_MENU, by `to`) take 10, 20,
   * ... in its order whatever is given here; others fall between them by this number.
   */
  order: number
  /** One English sentence on what the screen is for, shown by the admin home's card (translated). */
  description?: string
}

/**
 * One screen a plugin adds to the admin: data, never found by walking JSX (react-admin's lesson).
 * The component is lazy, so each panel is its own chunk and loads when first opened.
 */
export interface AdminPanel {
  /** A react-router path: `/data/:recordtype`, `/drive/*`. */
  path: string
  /** The security record whose view right shows the menu entry; none shows it to every signed-in user. */
  security?: string
  menu?: MenuEntry
  Component: LazyExoticComponent<ComponentType>
}

/**
 * A card of the admin's home, the staff's dashboard (docs/admin.md, "Dashboard"): a plugin's own
 * figures (sales, live visitors, the last changes), shown only with view access on its security
 * record and linking to the plugin's screen. Lazy, so a card's code loads with the home, not before.
 */
export interface DashboardCard {
  /** Unique within the plugin: the card's test id is `card-<plugin>-<id>`. */
  id: string
  /** The security record whose view right shows the card; none shows it to every signed-in user. */
  security?: string
  /** Place on the dashboard: lower first. */
  order: number
  /** `wide` takes two columns where there is room (a chart). */
  size?: 'normal' | 'wide'
  Component: LazyExoticComponent<ComponentType>
}

/**
 * What a plugin's `admin` entry (`@shopwright/plugin-<name>/admin`) exports by default: its panels,
 * and the services it provides the shell. The shell uses a module only while its plugin runs, and
 * each service from exactly one running plugin (two are a configuration mistake it shows).
 */
export interface AdminModule {
  /** The plugin's name, as in `definePlugin({ name })`. */
  plugin: string
  panels?: AdminPanel[]
  /** Cards of the staff's dashboard (the admin's home); a plugin that is not running adds none. */
  dashboard?: DashboardCard[]
  /** Sign-in, sign-out and who is signed in (the account plugin). */
  auth?: AuthProvider
  /** The site's languages and their names (the records plugin). */
  siteLanguages?: SiteLanguagesProvider
  /** The admin's texts per language (the translations plugin). */
  texts?: TextsProvider
  /** The site's page sizes and title suffix (the records plugin: its configuration records). */
  siteSettings?: SiteSettingsProvider
  /**
   * Editors of record fields by datatype, for datatypes the plugin gives meaning to (the drive's
   * `folder`, `publicfolder`...): every form that draws fields with the kit's FieldInput (the
   * records editor) uses them. A datatype no running plugin supplies shows as the kit draws it.
   */
  fields?: Readonly<Record<string, FieldEditor>>
  /**
   * Editors of embedded records by their record type (commerce's `pricematrix`): a field with
   * `embed: true` whose `recordtype` is one of them is drawn with it by the records editor, each
   * element of a `recordlist` on its own (the list's add, remove and moves stay the editor's). A
   * type no running plugin supplies is drawn as a group of its own fields.
   */
  embedded?: Readonly<Record<string, FieldEditor>>
  /**
   * Parts of the records editor's form by record type, each in the field group its `tab` names
   * (commerce's child items of a product): what a type's data alone cannot draw.
   */
  recordSections?: Readonly<Record<string, readonly RecordSection[]>>
}

/** The services a module may provide the shell, by their key in AdminModule. */
export const SHELL_SERVICES = ['auth', 'siteLanguages', 'texts', 'siteSettings'] as const
export type ShellService = (typeof SHELL_SERVICES)[number]

/** Declares a plugin's admin module, its panels and services (an identity function that types it). */
export function defineAdmin(module: AdminModule): AdminModule {
  return module
}

/** The admin's paths of every module, for the shell's router, in registration order. */
export function panelsOf(modules: readonly AdminModule[]): AdminPanel[] {
  return modules.flatMap((module) => module.panels ?? [])
}

/** The dashboard's cards of the modules, sorted by `order`, each with its plugin's name. */
export function dashboardOf(
  modules: readonly AdminModule[],
): Array<DashboardCard & { plugin: string }> {
  return modules
    .flatMap((module) =>
      (module.dashboard ?? []).map((card) => ({ ...card, plugin: module.plugin })),
    )
    .sort((a, b) => a.order - b.order)
}

/**
 * The specification's admin menu by address, in its order: Data, Types, Lists, Configuration,
 * Translation, Drive, Sessions, Memory, Security, Insights, Live Insights, Billing, Log, Bin.
 */
export const SPEC_MENU: readonly string[] = [
  '/data',
  '/data/recordtype',
  '/data/listtype',
  '/configuration',
  '/data/translation',
  '/drive',
  '/sessions',
  '/memory',
  '/data/security',
  '/insights',
  '/insights/live',
  '/billing',
  '/log',
  '/bin',
]

/**
 * An entry's place: the specification's entries 10, 20, ... in its order whatever their plugin
 * says (the shell owns that order: no plugin's number can move Sessions before Translation),
 * any other entry its own `order`, so it falls between them (Orders at 5, first).
 */
function placeOf(entry: MenuEntry & { to: string }): number {
  const index = SPEC_MENU.indexOf(entry.to)
  return index < 0 ? entry.order : (index + 1) * 10
}

/** The menu entries of the modules in the specification's order, each with its panel's security id. */
export function menuOf(
  modules: readonly AdminModule[],
): Array<MenuEntry & { to: string; security?: string }> {
  return panelsOf(modules)
    .filter((panel): panel is AdminPanel & { menu: MenuEntry } => panel.menu !== undefined)
    .map((panel) => {
      const entry = { ...panel.menu, to: panel.menu.to ?? panel.path }
      return {
        ...entry,
        order: placeOf(entry),
        ...(panel.security ? { security: panel.security } : {}),
      }
    })
    .sort((a, b) => a.order - b.order)
}

/** The editors of one kind (`fields` or `embedded`) of the modules, a key two supply left out. */
function editorsOf(modules: readonly AdminModule[], kind: 'fields' | 'embedded'): FieldEditors {
  const editors: Record<string, FieldEditor> = {}
  const twice = new Set<string>()
  for (const module of modules)
    for (const [key, editor] of Object.entries(module[kind] ?? {})) {
      if (Object.hasOwn(editors, key)) twice.add(key)
      editors[key] = editor
    }
  for (const key of twice) delete editors[key]
  return editors
}

/**
 * The field editors of the modules by datatype. A datatype two modules supply is left to the kit
 * (text, or its own editor), as the shell does with a service two plugins provide: the build's
 * order says nothing about which plugin the site meant.
 */
export function fieldEditorsOf(modules: readonly AdminModule[]): FieldEditors {
  return editorsOf(modules, 'fields')
}

/**
 * The editors of embedded records of the modules by record type; as with datatypes, a type two
 * modules supply is drawn as the records editor draws any embedded record (its fields).
 */
export function embeddedEditorsOf(modules: readonly AdminModule[]): FieldEditors {
  return editorsOf(modules, 'embedded')
}

/** The form parts of the modules by record type, each type's in the modules' order. */
export function recordSectionsOf(modules: readonly AdminModule[]): RecordSections {
  // A Map, then own properties: a type named `constructor` or `__proto__` stays a plain key.
  const sections = new Map<string, RecordSection[]>()
  for (const module of modules)
    for (const [type, parts] of Object.entries(module.recordSections ?? {}))
      sections.set(type, [...(sections.get(type) ?? []), ...parts])
  return Object.fromEntries(sections)
}

export { lazyCard, loaderOf, type LoadableComponent } from './lazy-card.js'
export { adminPathsMismatch } from './declared-paths.js'
