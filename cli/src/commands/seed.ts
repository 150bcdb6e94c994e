import { allSeeds } from '@shopwright/seeds'
import { withKernel } from '../boot.js'

/** `shopwright seed`: inserts the sample company and every plugin's seed records that are missing. */
export async function seed(print: (line: string) => void): Promise<void> {
  const { inserted, existing } = await withKernel((kernel) => kernel.seed(allSeeds()))
  print(`Seeded ${inserted} record(s); ${existing} already existed and were left as they are.`)
}
