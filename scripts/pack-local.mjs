// `npm run pack:local [folder]`: `npm pack` of every published workspace package into one folder
// (../shopwright-packs by default), for `shopwright create project --packages <folder>` until the
// packages are on the npm registry (docs/cli.md, "shopwright create project").
import path from 'node:path'
import { packWorkspaces } from '../cli/dist/testing/index.js'

const root = path.resolve(import.meta.dirname, '..')
const folder = path.resolve(process.argv[2] ?? path.join(root, '..', 'shopwright-packs'))
await packWorkspaces(root, folder)
console.log(`packed the Shopwright packages into ${folder}`)
