import { PAGE_SIZES, type ConfigurationTypeData } from '@shopwright/client'
import { field } from './fields.js'

/**
 * The configuration types of the sample company's configuration records. Their fields cover every
 * field of `configuration/web`, `configuration/images` and `configuration/pagination` except those
 * the configuration record type itself defines (name, description, configurationtype): the editor
 * shows the record type's fields first, then these, so a field defined in both would show twice.
 */
export function configurationTypes(): ConfigurationTypeData[] {
  return [
    {
      type: 'configurationtype',
      id: 'web',
      name: 'Web',
      description: 'The site: page titles, currencies, languages, locations and translations.',
      client: true,
      server: true,
      fields: [
        field(
          'titlesuffix',
          'Title Suffix',
          'text',
          'Added to the end of every page title, such as " | Shopwright".',
          { showinlist: true },
        ),
        field(
          'sequence',
          'Sequence',
          'integer',
          'The position of this web configuration among others, lowest first.',
          { default: 1 },
        ),
        field(
          'currencies',
          'Currencies',
          'recordlist',
          'The currencies visitors may choose on the locale page.',
          { recordtype: 'currency', required: true, default: [] },
        ),
        field(
          'languages',
          'Languages',
          'lists',
          'The languages visitors may choose on the locale page; the first is the default.',
          { listtype: 'language', required: true, default: [] },
        ),
        field(
          'locations',
          'Locations',
          'recordlist',
          'The locations visitors may choose on the locale page.',
          { recordtype: 'location', required: true, default: [] },
        ),
        field(
          'translationsets',
          'Translation Sets',
          'lists',
          'The translation sets the site loads.',
          { listtype: 'translationset', default: [] },
        ),
        field('compilemodes', 'Compile Modes', 'lists', 'How pages are compiled for this site.', {
          listtype: 'compilemode',
          default: [],
        }),
      ],
    },
    {
      type: 'configurationtype',
      id: 'images',
      name: 'Images',
      description: 'How the storefront loads and sizes images.',
      client: true,
      server: false,
      fields: [
        field(
          'lazyloadbuffer',
          'Lazy Load Buffer',
          'integer',
          'How many pixels outside the visible area a lazy image starts loading.',
          { required: true, default: 100 },
        ),
        field(
          'itemimageratio',
          'Item Image Ratio',
          'decimal',
          'The height of an item image divided by its width.',
          { required: true, default: 1 },
        ),
        field('itemimagelazyload', 'Lazy Load Item Images', 'boolean', 'Item images load lazily.', {
          default: true,
        }),
        field(
          'accountimagelazyload',
          'Lazy Load Account Images',
          'boolean',
          'Account images load lazily.',
          { default: true },
        ),
      ],
    },
    {
      type: 'configurationtype',
      id: 'pagination',
      name: 'Pagination',
      description: 'Page sizes by kind of list.',
      client: true,
      server: true,
      fields: [
        field('adminlist', 'Admin List', 'integer', 'Rows per page of admin record lists.', {
          required: true,
          default: PAGE_SIZES.adminlist,
        }),
        field(
          'adminsublist',
          'Admin Sublist',
          'integer',
          'Rows per page of lists inside an admin record.',
          { required: true, default: PAGE_SIZES.adminsublist },
        ),
        field('admingrid', 'Admin Grid', 'integer', 'Cards per page of admin grids.', {
          required: true,
          default: PAGE_SIZES.admingrid,
        }),
        field('weblist', 'Web List', 'integer', 'Rows per page of storefront lists.', {
          required: true,
          default: PAGE_SIZES.weblist,
        }),
        field('webgrid', 'Web Grid', 'integer', 'Cards per page of storefront grids.', {
          required: true,
          default: PAGE_SIZES.webgrid,
        }),
        field('folder', 'Folder', 'integer', 'Entries per page of drive folders.', {
          required: true,
          default: PAGE_SIZES.folder,
        }),
      ],
    },
  ]
}
