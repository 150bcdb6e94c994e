/**
 * A set's seeded phrases: each phrase (the English text a screen is written with) with its French
 * text, and its US English text when that differs from the phrase (an ERROR_ code's message).
 */
export type PhraseTable = Readonly<Record<string, { fr: string; 'en-us'?: string }>>
