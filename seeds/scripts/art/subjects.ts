import type { Palette } from './colour.js'
import * as apparel from './apparel.js'
import * as gifts from './gifts.js'
import * as home from './home-kitchen.js'
import * as outdoor from './outdoor.js'
import * as pantry from './pantry.js'
import type { Drawing } from './scenes.js'
import * as stationery from './stationery.js'

/** How one picture subject is drawn: its drawing, colours over its category's, its close-up point. */
export interface Art {
  draw: Drawing
  colours?: Partial<Palette>
  /** The point the close-up (gallery picture 2) is centred on; the middle of the product by default. */
  focus?: [number, number]
}

/** Each category's palette: a light background and stage, and the colours its products share. */
export const CATEGORY_PALETTES: Record<string, Palette> = {
  apparel: {
    bg: '#f6ece4',
    stage: '#efd9cb',
    main: '#3d5a98',
    second: '#e76f51',
    accent: '#f4a261',
    ink: '#2b2d42',
  },
  'home-kitchen': {
    bg: '#e8f1ed',
    stage: '#d3e6de',
    main: '#2a9d8f',
    second: '#e9c46a',
    accent: '#f4a261',
    ink: '#264653',
  },
  stationery: {
    bg: '#eef0f6',
    stage: '#dde2ef',
    main: '#1d3557',
    second: '#e63946',
    accent: '#f4c542',
    ink: '#1d2433',
  },
  outdoor: {
    bg: '#eaf0e4',
    stage: '#d6e3cc',
    main: '#386641',
    second: '#f4845f',
    accent: '#f2c14e',
    ink: '#283618',
  },
  pantry: {
    bg: '#f7efe1',
    stage: '#efdfc4',
    main: '#7f5539',
    second: '#dda15e',
    accent: '#bc6c25',
    ink: '#3d2b1f',
  },
  gifts: {
    bg: '#f5ebf2',
    stage: '#ead5e4',
    main: '#6d597a',
    second: '#e56b6f',
    accent: '#eaac8b',
    ink: '#355070',
  },
}

/**
 * The picture subjects by the stem of their file names: an item's id (`classic-tee-1.webp`,
 * `-2`, `-3`) or an item and a colour for a child's own picture (`classic-tee-red-1.webp`).
 */
export const ITEM_ART: Record<string, Art> = {
  // Apparel
  'classic-tee': { draw: apparel.tee, focus: [150, 118] },
  'classic-tee-red': { draw: apparel.tee, colours: { main: '#c44536', second: '#3d5a98' } },
  hoodie: {
    draw: apparel.hoodie,
    colours: { main: '#e76f51', second: '#3d5a98', accent: '#fbf3e6' },
    focus: [150, 250],
  },
  'wool-beanie': { draw: apparel.beanie, colours: { main: '#2f6f73' } },
  'canvas-sneakers': { draw: apparel.sneaker, colours: { main: '#264653' }, focus: [160, 204] },
  'denim-jacket': { draw: apparel.denimJacket, colours: { main: '#4a6fa5', accent: '#e9c46a' } },
  'striped-socks': { draw: apparel.socks },
  'linen-shirt': { draw: apparel.shirt, colours: { main: '#d9cbb3' } },
  'baseball-cap': { draw: apparel.cap, colours: { main: '#e76f51', second: '#3d5a98' } },
  'rain-jacket': { draw: apparel.rainJacket, colours: { main: '#f2c14e' } },
  // Home and kitchen
  'ceramic-mug': { draw: home.mug, focus: [146, 230] },
  'french-press': { draw: home.frenchPress, colours: { main: '#264653' } },
  'cast-iron-pan': { draw: home.pan, focus: [146, 236] },
  'chef-knife': { draw: home.knife, colours: { accent: '#f2cf4a' } },
  'cutting-board': { draw: home.cuttingBoard, colours: { second: '#e4572e' } },
  'tea-kettle': { draw: home.kettle, colours: { main: '#e9c46a', second: '#2a9d8f' } },
  'linen-tea-towel': { draw: home.teaTowel },
  'glass-carafe': { draw: home.carafe, colours: { accent: '#e9c46a' } },
  'table-lamp': { draw: home.lamp },
  'throw-cushion': { draw: home.cushion, colours: { main: '#d9a03f', second: '#264653' } },
  'throw-cushion-sage': { draw: home.cushion, colours: { main: '#8fae8b', second: '#fbf3e0' } },
  'throw-cushion-slate': { draw: home.cushion, colours: { main: '#5c6b7a', second: '#e9c46a' } },
  // Stationery
  'dot-grid-notebook': { draw: stationery.notebook, focus: [150, 176] },
  'fountain-pen': { draw: stationery.fountainPen, focus: [222, 162] },
  'gel-pens-set': { draw: stationery.gelPens },
  'desk-planner': { draw: stationery.planner, colours: { main: '#457b9d' } },
  'sticky-notes': { draw: stationery.stickyNotes },
  'pencil-case': { draw: stationery.pencilCase, colours: { main: '#e63946', second: '#1d3557' } },
  'wall-calendar': { draw: stationery.wallCalendar, colours: { main: '#457b9d' } },
  'pocket-atlas': { draw: stationery.atlas, colours: { main: '#7b2d26', second: '#5fa8d3' } },
  // Outdoor
  'camping-lantern': { draw: outdoor.lantern, focus: [150, 190] },
  'water-bottle': { draw: outdoor.bottle },
  'water-bottle-orange': { draw: outdoor.bottle, colours: { main: '#f4845f' } },
  'water-bottle-slate': { draw: outdoor.bottle, colours: { main: '#5c6b7a' } },
  'hiking-backpack': { draw: outdoor.backpack, focus: [150, 250] },
  'camp-mug': { draw: outdoor.campMug, colours: { main: '#3a6ea5', ink: '#1f2d3d' } },
  'picnic-blanket': {
    draw: outdoor.picnicBlanket,
    colours: { second: '#d62828', accent: '#d9a441' },
  },
  'trail-compass': { draw: outdoor.compass, colours: { second: '#d62828' } },
  hammock: { draw: outdoor.hammock, colours: { main: '#6a994e' } },
  // Pantry
  'coffee-beans': { draw: pantry.coffeeBag, focus: [150, 228] },
  'loose-leaf-tea': { draw: pantry.teaTin, colours: { main: '#2d6a4f', second: '#74c69d' } },
  'wildflower-honey': {
    draw: pantry.honeyJar,
    colours: { second: '#f2e8cf', main: '#bc6c25' },
    focus: [150, 222],
  },
  'dark-chocolate': { draw: pantry.chocolate, colours: { main: '#264653', second: '#dda15e' } },
  'olive-oil': { draw: pantry.oliveOil, colours: { second: '#6e8b3d' } },
  'strawberry-jam': { draw: pantry.jam, colours: { accent: '#e9c46a' } },
  'sea-salt': { draw: pantry.seaSalt },
  // Gifts
  'scented-candle': {
    draw: gifts.candle,
    colours: { main: '#c98b3c', second: '#9b72cf' },
    focus: [150, 166],
  },
  'gift-box': { draw: gifts.giftBox },
  'greeting-cards': { draw: gifts.cards },
  'jigsaw-puzzle': { draw: gifts.puzzle },
  'potted-succulent': { draw: gifts.succulent, colours: { main: '#7fb69e', second: '#e56b6f' } },
}

/** The three picture subjects on each category's shelves: two above, one below. */
export const CATEGORY_SHELVES: Record<string, [string, string, string]> = {
  apparel: ['classic-tee', 'wool-beanie', 'canvas-sneakers'],
  'home-kitchen': ['ceramic-mug', 'tea-kettle', 'french-press'],
  stationery: ['dot-grid-notebook', 'fountain-pen', 'sticky-notes'],
  outdoor: ['camping-lantern', 'water-bottle', 'hiking-backpack'],
  pantry: ['coffee-beans', 'wildflower-honey', 'loose-leaf-tea'],
  gifts: ['scented-candle', 'gift-box', 'potted-succulent'],
}
