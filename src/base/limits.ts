/**
 * Every Discord limit the bot must respect, in one place. Renderers build within these
 * and `fitMessage` enforces them once more on the finished payload.
 */
export const DISCORD_LIMITS = {
  autocompleteChoices: 25,
  choiceName: 100,
  choiceValue: 100,
  content: 2000,
  embedsPerMessage: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  authorName: 256,
  /** Title + description + field names and values + footer + author, over all embeds. */
  embedTotal: 6000,
  actionRows: 5,
  buttonsPerRow: 5,
  selectOptions: 25,
  selectOptionLabel: 100,
  selectOptionValue: 100,
  selectOptionDescription: 100,
  selectPlaceholder: 150,
  buttonLabel: 80,
  customId: 100,
  url: 512,
} as const;

/** Flag that makes an interaction reply visible only to the caller. */
export const EPHEMERAL = 1 << 6;

/** Entries per page of a kind listing and rows in a search result. */
export const PAGE_SIZE = 10;
