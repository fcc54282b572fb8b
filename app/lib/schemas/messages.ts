import * as v from "valibot";
import { MESSAGE_MAX_LENGTH } from "../messages/message-length";
import { idField, optionalFreeText, requiredText } from "./fields";

// Messages between a buyer and a seller (../shared/api-contract.md "Messages"): the API and the
// pages' forms validate with these.

/** A message's text: 1–2,000 characters once trimmed, shown as text. */
export const messageText = requiredText(
  "Write a message",
  MESSAGE_MAX_LENGTH,
  `A message may have at most ${MESSAGE_MAX_LENGTH} characters`,
);

/** `POST /api/conversations` and "Message the seller": the car and the first (or next) message. */
export const startConversationSchema = v.object({ product_id: idField("Choose a car to ask about"), text: messageText });
export type StartConversationInput = v.InferOutput<typeof startConversationSchema>;

/** `POST /api/conversations/:id/messages` and the thread's Send. */
export const sendMessageSchema = v.object({ text: messageText });

/** A conversation named in a path. */
export const conversationIdParam = v.object({ id: idField("Name a conversation") });

/** "Report this conversation": why, optionally. */
export const reportConversationSchema = v.object({ reason: optionalFreeText("Write the reason as text", 500) });

/** The thread page's two forms. */
export const threadActionSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("send"), text: messageText }),
    v.object({ intent: v.literal("report"), ...reportConversationSchema.entries }),
  ],
  "Unknown action",
);
