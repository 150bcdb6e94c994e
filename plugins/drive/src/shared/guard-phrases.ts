/**
 * What the drive says about a folder in the permissions matrix's "Who can do this"
 * (server/entry-guard.ts), which the admin shows translated: their French is in phrases.fr.json.
 */
export const DRIVE_FOLDER = 'Drive folder'
export const PERSONAL_ROOT = 'Whoever may view the drive has a folder of their own in it.'
export const PERSONAL_OWN = 'An account’s own folder: its owner’s alone.'
export const GUARD_PHRASES = [DRIVE_FOLDER, PERSONAL_ROOT, PERSONAL_OWN] as const
