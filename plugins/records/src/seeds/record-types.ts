import {
  DEFAULT_HISTORY_COUNT,
  type FieldDefinition,
  type RecordTypeData,
} from '@shopwright/client'
import { reference } from '@shopwright/core/shared'
import { field } from './fields.js'
import { REFERENCE_SECURITY, WEBSITE_SECURITY } from './security.js'

/**
 * Record types other plugins own and seed, which fields here may point at. They are not seeded
 * here; the admin editor shows a reference to one of them as a plain link until its plugin is
 * installed.
 * - employee, customer: the account plugin's signed-in entities.
 * - webcategory, item: the storefront catalogue (the commerce plugin's); the category route shows a
 *   webcategory in record mode and the item route an item.
 * - translation: the translation plugin's sets and values.
 */
export const OTHER_PLUGINS_RECORD_TYPES = [
  'employee',
  'customer',
  'webcategory',
  'item',
  'translation',
] as const

/**
 * List types other packages seed, which list fields here may name.
 * - language: built by @shopwright/seeds from countries-list (ISO 639-1 plus the company's variants
 *   such as en-us), so it is not repeated here.
 * - role: reserved for role pickers. Roles are `role/<id>` records (the sample company seeds them); a
 *   list type of their ids is the account plugin's to seed. No field here names it yet.
 */
export const OTHER_PACKAGES_LIST_TYPES = ['language', 'role'] as const

/**
 * The record type fields of drafts and versions (docs/history.md): whether edits go to a draft,
 * and how long versions are kept; a migration (008) adds them to the record type definition of a
 * site made before them.
 */
export function historyFields(): FieldDefinition[] {
  return [
    field(
      'publishable',
      'Drafts',
      'boolean',
      'Edits go to a draft that readers do not see until it is published.',
    ),
    field(
      'historycount',
      'Versions Kept',
      'integer',
      `How many versions of each record its history keeps; 0 keeps none. Empty: ${DEFAULT_HISTORY_COUNT}.`,
    ),
    field(
      'historydays',
      'Versions Kept for Days',
      'integer',
      'Versions older than this many days are dropped each day. Empty: kept until the count drops them.',
    ),
  ]
}

/** What each seeded record type states; showintypes defaults to true. */
interface RecordTypeSeed {
  name: string
  icon: string
  description: string
  showintypes?: boolean
  security: string
  listsort?: string
  idrequired?: boolean
  titlefield?: string
  publishable?: boolean
  fields: FieldDefinition[]
}

/** A record type of this plugin. */
function recordType(id: string, data: RecordTypeSeed): RecordTypeData {
  return { type: 'recordtype', id, showintypes: true, ...data }
}

/**
 * The `recordtype/<id>` records for every type the records plugin owns. Their fields describe
 * exactly what the seeded records carry (the sample company and the reference data of
 * @shopwright/seeds, and this plugin's own seeds), so the admin editor shows every value.
 */
export function recordTypes(): RecordTypeData[] {
  return [
    recordType('recordtype', {
      idrequired: true,
      name: 'Record Type',
      icon: 'database',
      description: 'A kind of record: its fields, its icon and the security record that gates it.',
      security: 'configuration',
      fields: [
        field('name', 'Name', 'text', 'The name shown in lists, menus and breadcrumbs.', {
          required: true,
          showinlist: true,
        }),
        field('icon', 'Icon', 'icon', 'A Material Design Icons name, such as database or earth.', {
          showinlist: true,
        }),
        field('description', 'Description', 'longtext', 'What records of this type hold.', {
          showinlist: true,
        }),
        field(
          'showintypes',
          'Show in Types',
          'boolean',
          'Listed on the Data page. Off for types only ever embedded in other records.',
          { default: true, showinlist: true },
        ),
        field(
          'extends',
          'Extends',
          'record',
          'The record type whose fields this type adds to. Fixed once the type exists, since its records already carry the base fields.',
          { recordtype: 'recordtype', display: 'view', displaycreate: 'edit' },
        ),
        field(
          'extensions',
          'Extensions',
          'recordlist',
          'Record types that add their fields to this one; offered when creating a record.',
          { recordtype: 'recordtype', default: [] },
        ),
        field(
          'fields',
          'Fields',
          'lists',
          'The field definitions: entries of id, name, description, datatype, required, showinlist, default, display, displaycreate, displayembed and, for record, recordlist, list and lists fields, recordtype or listtype.',
          { default: [] },
        ),
        field(
          'security',
          'Security',
          'text',
          'The id of the security record whose access entries decide who may view, edit, create and delete records of this type. Without one only administrators may.',
          // A text naming a record: the admin offers the security records to pick from.
          { showinlist: true, recordtype: 'security' },
        ),
        field(
          'listsort',
          'List order',
          'text',
          'A field id that lists of this type are sorted by instead of the id (the country list sorts by name).',
        ),
        field(
          'titlefield',
          'Title Field',
          'text',
          "The field its records are named by in titles, breadcrumbs, lists and pickers (an item's display name). Empty: title, headline or name, else the id.",
        ),
        field(
          'idrequired',
          'Named by Hand',
          'boolean',
          'A new record of this type needs an id typed in; otherwise it takes the next number.',
        ),
        ...historyFields(),
      ],
    }),
    recordType('listtype', {
      idrequired: true,
      name: 'List',
      icon: 'format-list-bulleted',
      description: 'A named list of values that list fields choose from.',
      security: 'configuration',
      fields: [
        field('name', 'Name', 'text', 'The name of the list.', {
          required: true,
          showinlist: true,
        }),
        field(
          'values',
          'Values',
          'lists',
          'The values in order: plain strings, or entries with an id (and usually a name).',
          { default: [] },
        ),
      ],
    }),
    recordType('configurationtype', {
      idrequired: true,
      name: 'Configuration Type',
      icon: 'cogs',
      description: 'The fields of one kind of configuration record, and where it is used.',
      security: 'configuration',
      fields: [
        field('name', 'Name', 'text', 'The name of the configuration type.', {
          required: true,
          showinlist: true,
        }),
        field('description', 'Description', 'longtext', 'What configurations of this type set.', {
          showinlist: true,
        }),
        field(
          'client',
          'Client',
          'boolean',
          'Sent to the browser. Leave off for anything a visitor must not read.',
          { default: false, showinlist: true },
        ),
        field('server', 'Server', 'boolean', 'Read by the server.', {
          default: true,
          showinlist: true,
        }),
        field(
          'fields',
          'Fields',
          'lists',
          'The field definitions a configuration of this type carries, in the same shape as a record type’s fields.',
          { default: [] },
        ),
      ],
    }),
    recordType('configuration', {
      idrequired: true,
      name: 'Configuration',
      icon: 'cog',
      description:
        'A configuration record. The editor shows the fields of its configuration type after these.',
      security: 'configuration',
      fields: [
        field(
          'name',
          'Name',
          'text',
          'The name of the configuration. The web configuration’s name is the site’s name.',
          { showinlist: true },
        ),
        field('description', 'Description', 'longtext', 'What this configuration is for.'),
        field(
          'configurationtype',
          'Configuration Type',
          'record',
          'The configuration type whose fields this record carries. Chosen when creating the record, fixed afterwards.',
          {
            recordtype: 'configurationtype',
            required: true,
            showinlist: true,
            display: 'view',
            displaycreate: 'edit',
          },
        ),
      ],
    }),
    recordType('security', {
      idrequired: true,
      name: 'Security',
      icon: 'shield-lock',
      description:
        'Who may view, edit, create and delete what it gates, by role. The administrator role always may.',
      security: 'security',
      fields: [
        field('name', 'Name', 'text', 'What this security record gates.', {
          required: true,
          showinlist: true,
        }),
        field(
          'access',
          'Access',
          'lists',
          'One entry per role: id (the role), role, and the flags view, edit, create and delete. The flags of a person’s roles add up.',
          { default: [] },
        ),
      ],
    }),
    recordType('role', {
      idrequired: true,
      name: 'Role',
      icon: 'account-group',
      description: 'A role that accounts hold and security records grant rights to.',
      security: 'security',
      fields: [
        field('name', 'Name', 'text', 'The name of the role.', {
          required: true,
          showinlist: true,
        }),
        field('description', 'Description', 'longtext', 'Who holds this role and what it is for.', {
          showinlist: true,
        }),
      ],
    }),
    recordType('route', {
      name: 'Website Route',
      icon: 'routes',
      description:
        'A storefront address: the screen it shows, its title and its search-engine mode.',
      security: WEBSITE_SECURITY,
      fields: [
        field(
          'url',
          'URL',
          'text',
          'The path, such as /item/:id. :name is a parameter; a final +name takes the rest of the path.',
          { required: true, showinlist: true },
        ),
        field('component', 'Component', 'text', 'The screen shown, such as Welcome or PageView.', {
          required: true,
          showinlist: true,
        }),
        field(
          'seo',
          'SEO',
          'list',
          'static: the page title is the title below. record: it is built from the title, headline or name of the record shown.',
          { listtype: 'seo', required: true, default: 'static', showinlist: true },
        ),
        field('title', 'Title', 'text', 'The page title; the site’s title suffix is added.', {
          showinlist: true,
        }),
        field('description', 'Description', 'longtext', 'The page description for search engines.'),
        field('recordtype', 'Record Type', 'record', 'The type of the record the screen shows.', {
          recordtype: 'recordtype',
        }),
        field(
          'recordid',
          'Record Id',
          'text',
          'The id of the record shown; empty when it comes from the :id parameter of the URL.',
        ),
        field(
          'props',
          'Properties',
          'lists',
          'Entries of id and value handed to the screen, such as pageid and pagetype. Query parameters are merged in.',
          { default: [] },
        ),
      ],
    }),
    recordType('menu', {
      name: 'Menu',
      icon: 'menu',
      description:
        'A menu group (header, navigation, footer) whose submenus are its entries. An entry with submenus opens a popup; one with only a link goes there.',
      security: WEBSITE_SECURITY,
      // Named by the text it shows (docs/admin.md, "Names").
      titlefield: 'label',
      fields: [
        field('label', 'Label', 'text', 'The text shown.', { required: true, showinlist: true }),
        field(
          'href',
          'Link',
          'text',
          'Where the entry goes: a local path or an external address.',
          {
            showinlist: true,
          },
        ),
        field('component', 'Component', 'text', 'A component shown in place of a plain link.'),
        field(
          'submenus',
          'Submenus',
          'lists',
          'The entries: id, label, href, component, submenus and an optional security reference, each in the shape of a menu.',
          { default: [] },
        ),
        field(
          'security',
          'Security',
          'record',
          'Shown only to people with view access on this security record; everyone sees it when empty.',
          { recordtype: 'security' },
        ),
      ],
    }),
    recordType('location', {
      name: 'Website Location',
      icon: 'map-marker',
      description:
        'A site location: its organisation, contact details, address, language and currency.',
      security: WEBSITE_SECURITY,
      fields: [
        field('name', 'Name', 'text', 'The name visitors choose on the locale page.', {
          required: true,
          showinlist: true,
        }),
        field('language', 'Language', 'list', 'The location’s language.', {
          listtype: 'language',
          default: 'en',
          showinlist: true,
        }),
        field(
          'organization',
          'Organization',
          'text',
          'The organisation shown on the contact page and in the footer.',
          { showinlist: true },
        ),
        field('telephone', 'Telephone', 'text', 'The phone number, linked on the contact page.'),
        field('email', 'Email', 'email', 'The e-mail address, linked on the contact page.'),
        field('currency', 'Currency', 'record', 'The location’s currency.', {
          recordtype: 'currency',
          default: reference('currency', 'usd'),
        }),
        field(
          'address',
          'Address',
          'record',
          'The postal address, kept inside the location (embedded, not a reference).',
          { recordtype: 'postaladdress', embed: true },
        ),
      ],
    }),
    recordType('postaladdress', {
      name: 'Postal Address',
      icon: 'home-map-marker',
      description: 'A postal address kept inside another record, such as a website location.',
      showintypes: false,
      security: WEBSITE_SECURITY,
      fields: [
        field(
          'streetaddress',
          'Street Address',
          'longtext',
          'The street part on several lines; used instead of address lines 1 to 3.',
        ),
        field('address1', 'Address Line 1', 'text', 'The first line of the street address.'),
        field('address2', 'Address Line 2', 'text', 'The second line of the street address.'),
        field('address3', 'Address Line 3', 'text', 'The third line of the street address.'),
        field('city', 'City', 'text', 'The city or town.', { showinlist: true }),
        field('region', 'Region', 'text', 'The state, province or county.', {
          // Picked from the chosen country's regions where it has them (docs/admin.md).
          choicesfrom: 'country.regions',
        }),
        field('postalcode', 'Postal Code', 'text', 'The postal or ZIP code.'),
        field('country', 'Country', 'record', 'The country.', {
          recordtype: 'country',
          showinlist: true,
        }),
      ],
    }),
    recordType('webpage', {
      name: 'Web Page',
      icon: 'file-document',
      description: 'A storefront page: a headline and HTML content.',
      security: WEBSITE_SECURITY,
      publishable: true,
      fields: [
        field('headline', 'Headline', 'text', 'The heading shown above the content.', {
          required: true,
          showinlist: true,
        }),
        field('content', 'Content', 'htmlx', 'The page content in HTML.', { default: '' }),
      ],
    }),
    recordType('country', {
      name: 'Country',
      icon: 'earth',
      description: 'A country: its language, phone code, time zones, currency and regions.',
      security: REFERENCE_SECURITY,
      // Countries are listed by name (`/query/data/list/country`).
      listsort: 'name',
      fields: [
        field('name', 'Name', 'text', 'The English name.', { required: true, showinlist: true }),
        field(
          'language',
          'Language',
          'list',
          'The main spoken language (a language id; an entry of the language list is also accepted).',
          { listtype: 'language', showinlist: true },
        ),
        field('phonecode', 'Phone Code', 'text', 'The international dialling code, such as +1.', {
          showinlist: true,
        }),
        field(
          'timezonemin',
          'Earliest Time Zone',
          'integer',
          'The smallest UTC offset in use over the year, in minutes.',
        ),
        field(
          'timezonemax',
          'Latest Time Zone',
          'integer',
          'The largest UTC offset in use over the year, in minutes.',
        ),
        field('currency', 'Currency', 'record', 'The main currency.', {
          recordtype: 'currency',
          showinlist: true,
        }),
        field(
          'regions',
          'Regions',
          'lists',
          'The states, provinces or counties: entries of id and name.',
          { default: [] },
        ),
        field('translations', 'Translations', 'translations', 'The name in other languages.'),
      ],
    }),
    recordType('currency', {
      name: 'Currency',
      icon: 'currency-usd',
      description: 'A currency and how amounts in it are written.',
      security: REFERENCE_SECURITY,
      fields: [
        field('name', 'Name', 'text', 'The English name.', { required: true, showinlist: true }),
        field('code', 'Code', 'text', 'The ISO 4217 code, such as USD.', {
          required: true,
          showinlist: true,
        }),
        field('symbol', 'Symbol', 'text', 'The symbol, such as $.', { showinlist: true }),
        field('format', 'Format', 'text', 'The display pattern, such as $#,##0.00 or €#.##0,00.', {
          showinlist: true,
        }),
        field('decimalplaces', 'Decimal Places', 'integer', 'Digits after the decimal separator.', {
          default: 2,
        }),
        field('decimalseparator', 'Decimal Separator', 'text', 'The decimal separator.', {
          default: '.',
        }),
        field('thousandseparator', 'Thousand Separator', 'text', 'The thousands separator.', {
          default: ',',
        }),
        field('symbolafter', 'Symbol After', 'boolean', 'The symbol follows the amount.', {
          default: false,
        }),
        field('translations', 'Translations', 'translations', 'The name in other languages.'),
      ],
    }),
  ]
}
