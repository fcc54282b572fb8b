// Kept apart from the schemas (app/lib/schemas/messages.ts), so the car page's message box can
// say its limit without loading the validation library.

/** The most characters a message may have, once trimmed. */
export const MESSAGE_MAX_LENGTH = 2000;
